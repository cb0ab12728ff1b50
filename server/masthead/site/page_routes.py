"""The publisher pages (HTML): home `/`, sections `/section/<name>/`, stories
`/<yyyy>/<mm>/<dd>/<slug>/` as WordPress links them, and the islands' files.

The story page is what readers ask most: a LeanRoute (lean_routes.py) that app.py mounts
first, `async def` with its reads awaited (pages.story), so no request waits for a thread and
FastAPI's matching through every included router and its dependency solving are skipped
(together they cost more than the page). It reads what it needs from the Request itself.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse, Response

from masthead.deps import DbDep, Runtime, RuntimeDep, SettingsDep
from masthead.lean_routes import LeanRoute
from masthead.settings import Settings
from masthead.site import pages
from masthead.site.assets import URL_PREFIX
from masthead.site.pages import page_headers

router = APIRouter(include_in_schema=False)
story_router = APIRouter(include_in_schema=False, route_class=LeanRoute)


def _html(page: pages.Page, settings: Settings) -> HTMLResponse:
    return HTMLResponse(page.html, page.status, headers=page_headers(settings))


@router.get("/")
def home(request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.home(request, rt, db), rt.settings)


@router.get("/section/{slug}/")
def section(slug: str, request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    return _html(pages.section(request, rt, db, slug), rt.settings)


@story_router.get("/{year:int}/{month:int}/{day:int}/{slug}/")
async def story(request: Request) -> Response:
    runtime: Runtime = request.app.state.runtime
    # Read from the path, not declared (a LeanRoute validates nothing): the route's int
    # convertors took only digits for the date; any text is a slug.
    path = request.path_params
    found = await pages.story(
        request, runtime, (path["year"], path["month"], path["day"]), path["slug"]
    )
    if isinstance(found, str):
        return RedirectResponse(found, 301)
    return _html(found, runtime.settings)


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
