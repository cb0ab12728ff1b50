"""Serves the built React account area: /account/* gets the app shell, /static/* its assets.
(`/` is the publisher's home page: masthead.site.page_routes.)"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from masthead.billing.api import card_entry
from masthead.deps import SettingsDep
from masthead.framing import SAME_ORIGIN_FRAMES_ONLY
from masthead.region import RegionDep, vary_headers
from masthead.settings import Settings
from masthead.site.api import Brand, brand_for_host
from masthead.web.account_paths import is_account_route
from masthead.web.brand_head import brand_config, brand_head

router = APIRouter(include_in_schema=False)
CONFIG_PLACEHOLDER = "<!--masthead-config-->"


@lru_cache(maxsize=4)
def _shell(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


def _client_config(
    settings: Settings, in_supported_region: bool, brand: Brand, all_brands: bool = False
) -> str:
    config = {
        "allowedRedirectHosts": settings.allowed_redirect_hosts,
        # After a sign-in, hop through the other brands' sites (identity/handoff).
        "signInAllBrands": all_brands,
        "inSupportedRegion": in_supported_region,
        "cardEntry": card_entry(settings),
        "brand": brand_config(brand),
    }
    # "</" cannot end the script element early: JSON escapes it.
    payload = json.dumps(config).replace("</", "<\\/")
    config_block = f'<script id="masthead-config" type="application/json">{payload}</script>'
    return config_block + brand_head(brand)


def _app_shell(
    settings: Settings,
    in_supported_region: bool,
    brand: Brand,
    status: int = 200,
    all_brands: bool = False,
) -> Response:
    shell = settings.web_dist / "account.html"
    if not shell.exists():
        return HTMLResponse(
            "<!doctype html><title>Masthead</title><p>The account area is not built yet. "
            "Run <code>make run</code>, which builds it.</p>",
            503,
            headers=SAME_ORIGIN_FRAMES_ONLY,
        )
    html = _shell(shell, shell.stat().st_mtime).replace(
        CONFIG_PLACEHOLDER, _client_config(settings, in_supported_region, brand, all_brands)
    )
    headers = {"Cache-Control": "no-cache", **vary_headers(settings), **SAME_ORIGIN_FRAMES_ONLY}
    return HTMLResponse(html, status, headers=headers)


@router.get("/account")
@router.get("/account/{path:path}")
def account_area(
    request: Request, settings: SettingsDep, region: RegionDep, path: str = ""
) -> Response:
    """The app shell in the brand of the host; status 404 where the router has no screen
    (it shows "Page not found"), so links and crawlers see the address is wrong."""
    brand = brand_for_host(settings, request.headers.get("host", ""))
    status = 200 if is_account_route(request.url.path) else 404
    return _app_shell(settings, region, brand, status, _signs_in_all_brands(settings, request))


def _signs_in_all_brands(settings: Settings, request: Request) -> bool:
    """This host is one brand's site of several: a sign-in here hops through the others."""
    brands = settings.brand_hosts
    return (
        settings.sign_in_all_brands
        and not settings.brand
        and len(set(brands.values())) > 1
        and (request.url.hostname or "").lower() in brands
    )


# The classic script, its chunks (loaded on first use from beside it) and the ES module.
WIDGET_FILES = {
    "squatch.min.js",
    "squatch-cta.js",
    "squatch-documents.js",
    "squatch-autofill.js",
    "squatch.mjs",
}


@router.get("/widget/{name}")
def widget_script(name: str, settings: SettingsDep) -> Response:
    """The referral widget library, for merchant pages' <script> tags."""
    target = settings.widget_dist / name
    if name not in WIDGET_FILES or not target.is_file():
        return Response(status_code=404)
    # Not content-hashed: merchants link one stable URL, so keep caches short.
    return FileResponse(
        target,
        media_type="text/javascript",
        headers={"Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*"},
    )


@router.get("/static/{path:path}")
def static_asset(path: str, settings: SettingsDep) -> Response:
    root = settings.web_dist.resolve()
    target = (root / path).resolve()
    if not target.is_file() or root not in target.parents:
        return Response(status_code=404)
    # Vite names assets by content hash, so they can be cached for good.
    cache = "public, max-age=31536000, immutable" if "/assets/" in f"/{path}" else "no-cache"
    return FileResponse(target, headers={"Cache-Control": cache})
