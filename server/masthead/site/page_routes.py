"""The publisher pages (HTML): home `/`, sections `/section/<name>/`, stories
`/<yyyy>/<mm>/<dd>/<slug>/` as WordPress links them, and the islands' files."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from masthead.deps import DbDep, RuntimeDep, SettingsDep
from masthead.settings import Settings
from masthead.site import pages
from masthead.site.assets import URL_PREFIX
from masthead.site.pages import page_headers

router = APIRouter(include_in_schema=False)


def _html(page: pages.Page, settings: Settings) -> HTMLResponse:
    return HTMLResponse(page.html, page.status, headers=page_headers(settings))


@router.get("/")
def home(request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.home(request, rt, db), rt.settings)


@router.get("/section/{slug}/")
def section(slug: str, request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.section(request, rt, db, slug), rt.settings)


@router.get("/{year:int}/{month:int}/{day:int}/{slug}/")
def story(
    year: int, month: int, day: int, slug: str, request: Request, rt: RuntimeDep, db: DbDep
) -> Response:
    found = pages.story(request, rt, db, (year, month, day), slug)
    if isinstance(found, str):
        return RedirectResponse(found, 301)
    return _html(found, rt.settings)


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
