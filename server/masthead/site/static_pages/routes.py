"""The static pages (HTML) at the paths the spec and every link use: /membership-terms,
/terms/ and /privacy/, in the publisher pages' layout, for the request's brand. The other
spelling of each path (with or without the slash) redirects to it."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.site import pages, render
from masthead.site.pages import page_headers
from masthead.site.static_pages import service
from masthead.site.static_pages.defaults import PATHS

router = APIRouter(include_in_schema=False)


def _show(slug: str, request: Request, rt: RuntimeDep, db: DbDep) -> Response:
    brand = pages.brand_of(rt, request)
    view = service.page(db, brand.key, slug)
    page = pages.publisher_page(
        request,
        rt,
        db,
        brand,
        title=view.title,
        description=f"{view.title} of {brand.name}",
        main=render.static_page(view.title, view.body_html),
    )
    return HTMLResponse(page.html, page.status, headers=page_headers(rt.settings))


def _add(slug: str, path: str) -> None:
    def show(request: Request, rt: RuntimeDep, db: DbDep) -> Response:
        return _show(slug, request, rt, db)

    other = path.rstrip("/") if path.endswith("/") else f"{path}/"

    def redirect(request: Request) -> Response:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(path + query, 301)

    router.add_api_route(path, show, methods=["GET"], name=f"static_page_{slug}")
    router.add_api_route(other, redirect, methods=["GET"], name=f"static_page_{slug}_redirect")


for _slug, _path in PATHS.items():
    _add(_slug, _path)
