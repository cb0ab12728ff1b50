"""Each brand's icon (icons/<brand>.svg), which every HTML page names (render.favicon_link,
the account area's shell, the API docs), and /favicon.ico, which browsers ask for when a
page names none (a JSON answer in a tab, the dev mailbox): the request's brand's icon."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, RedirectResponse, Response

from masthead.deps import SettingsDep
from masthead.site.brands import BRANDS, FAVICON_PREFIX, brand_for_host, favicon_path

router = APIRouter(include_in_schema=False)
ICONS = Path(__file__).parent / "icons"
# Not content-hashed: a day, so a new icon reaches readers soon.
CACHE = "public, max-age=86400"


@router.get(FAVICON_PREFIX + "{name}")
def brand_icon(name: str) -> Response:
    key = name.removesuffix(".svg")
    if key not in BRANDS or not name.endswith(".svg"):
        return Response(status_code=404)
    return FileResponse(
        ICONS / f"{key}.svg", media_type="image/svg+xml", headers={"Cache-Control": CACHE}
    )


@router.get("/favicon.ico")
def favicon(request: Request, settings: SettingsDep) -> Response:
    brand = brand_for_host(settings, request.headers.get("host", ""))
    return RedirectResponse(favicon_path(brand), 302, headers={"Cache-Control": CACHE})
