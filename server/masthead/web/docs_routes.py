"""The API's interactive docs at /api/docs: Swagger UI served by Masthead itself.

The npm package swagger-ui-dist is copied into the account area's build (web/vite.config.ts
-> web/dist/docs/, served under /static/docs/), so the page fetches nothing from a third
party; the docs read the OpenAPI document at /api/openapi.json.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from masthead.deps import SettingsDep
from masthead.site.api import brand_for_host, favicon_link

router = APIRouter(include_in_schema=False)
DOCS_PATH = "/api/docs"
OPENAPI_PATH = "/api/openapi.json"
ASSETS = "/static/docs/"  # web/dist/docs/: swagger-ui.css, swagger-ui-bundle.js
BUNDLE = "swagger-ui-bundle.js"
STYLES = "swagger-ui.css"
TITLE = "Masthead API"
# Where Swagger UI falls short of WCAG 2.2 AA (contrast, target size, reflow), mended
# (docs_overrides.css).
OVERRIDES = (Path(__file__).parent / "docs_overrides.css").read_text(encoding="utf-8")

# Swagger UI's own start-up, as FastAPI writes it, with the validator badge (a request to
# validator.swagger.io) turned off, and without deep links: they put a link inside each
# operation's button, which screen readers and keyboards cannot reach (nested-interactive).
_START = (
    "window.ui=SwaggerUIBundle({url:" + repr(OPENAPI_PATH) + ",dom_id:'#swagger-ui',"
    "layout:'BaseLayout',deepLinking:false,showExtensions:true,showCommonExtensions:true,"
    "validatorUrl:null,presets:[SwaggerUIBundle.presets.apis,"
    "SwaggerUIBundle.SwaggerUIStandalonePreset]});"
)


def _page(head: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{TITLE}</title>{head}</head><body>{body}</body></html>",
        status,
        headers={"Cache-Control": "no-cache"},
    )


@router.get(DOCS_PATH)
def api_docs(request: Request, settings: SettingsDep) -> Response:
    icon = favicon_link(brand_for_host(settings, request.headers.get("host", "")))
    if not (settings.web_dist / "docs" / BUNDLE).is_file():
        return _page(
            icon,
            f"<main><h1>{TITLE}</h1><p>The docs' files are not built yet: run <code>make "
            f"run</code>, which builds them. The API's description is at <a href=\""
            f'{OPENAPI_PATH}">{OPENAPI_PATH}</a>.</p></main>',
            503,
        )
    return _page(
        f'<link rel="stylesheet" href="{ASSETS}{STYLES}"><style>{OVERRIDES}</style>{icon}',
        # Swagger UI draws its own <main> inside.
        f'<div id="swagger-ui"></div><script src="{ASSETS}{BUNDLE}"></script>'
        f"<script>{_START}</script>",
    )
