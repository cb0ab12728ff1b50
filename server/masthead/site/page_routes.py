"""The publisher pages (HTML): home `/`, sections `/section/<name>/`, stories
`/<yyyy>/<mm>/<dd>/<slug>/` as WordPress links them, and the islands' files."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from masthead.deps import DbDep, RuntimeDep, SettingsDep
from masthead.site import pages
from masthead.site.assets import URL_PREFIX

router = APIRouter(include_in_schema=False)

# Pages carry the session's nonce: private to the browser that asked, revalidated each time.
PAGE_HEADERS = {"Cache-Control": "private, no-cache", "Vary": "Cookie, Host"}


def _html(page: pages.Page) -> HTMLResponse:
    return HTMLResponse(page.html, page.status, headers=PAGE_HEADERS)


@router.get("/")
def home(request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.home(request, rt, db))


@router.get("/section/{slug}/")
def section(slug: str, request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.section(request, rt, db, slug))


@router.get("/{year:int}/{month:int}/{day:int}/{slug}/")
def story(
    year: int, month: int, day: int, slug: str, request: Request, rt: RuntimeDep, db: DbDep
) -> Response:
    found = pages.story(request, rt, db, (year, month, day), slug)
    if isinstance(found, str):
        return RedirectResponse(found, 301)
    return _html(found)


@router.get("/{year:int}/{month:int}/{day:int}/{slug}")
def story_without_slash(year: int, month: int, day: int, slug: str) -> Response:
    return RedirectResponse(f"/{year:04d}/{month:02d}/{day:02d}/{slug}/", 301)


@router.get(URL_PREFIX + "{path:path}")
def island_asset(path: str, settings: SettingsDep) -> Response:
    root = settings.site_dist.resolve()
    target = (root / path).resolve()
    if not target.is_file() or root not in target.parents or ".vite" in target.parts:
        return Response(status_code=404)
    # Vite names the files by content hash: cache them for good.
    return FileResponse(target, headers={"Cache-Control": "public, max-age=31536000, immutable"})
