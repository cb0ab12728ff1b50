"""The static pages in the staff console (/admin/api/static-pages, editors): HTTP only.

The same service as the operator API and the CLI, with each change audited; the preview
renders the page as the brand's readers would see it, without storing anything."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.no_store import no_store
from masthead.site import pages, render
from masthead.site.brands import BRANDS
from masthead.site.static_pages import service
from masthead.site.static_pages.operator_routes import PAGE_HELP
from masthead.site.static_pages.schemas import (
    StaticPageIn,
    StaticPageListOut,
    StaticPageOut,
    StaticPagePreview,
    page_out,
)
from masthead.staff.api import EditorDep

router = APIRouter(prefix="/admin/api/static-pages", tags=["staff"])
ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 403: {}, 404: {}}


@router.get(
    "",
    response_model=StaticPageListOut,
    responses={401: {}, 403: {}},
    summary="Every static page of every brand, as shown now (editor)",
)
def list_pages(_: EditorDep, db: DbDep, response: Response) -> StaticPageListOut:
    no_store(response)
    return StaticPageListOut(pages=[page_out(v) for v in service.listing(db)])


@router.get(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="One static page, as shown now (editor)",
    description=PAGE_HELP.strip(),
)
def show_page(brand: str, slug: str, _: EditorDep, db: DbDep, response: Response) -> StaticPageOut:
    no_store(response)
    return page_out(service.page(db, brand, slug))


@router.put(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="Replace a static page's title and text (editor; audited)",
    description="400 `bad-request` names what the body may not hold." + PAGE_HELP,
)
def replace_page(
    brand: str,
    slug: str,
    body: StaticPageIn,
    staff: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> StaticPageOut:
    view = service.edit_by_staff(
        db, rt.clock.now(), staff.actor, address, brand, slug, body.title, body.body
    )
    return page_out(view)


@router.delete(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="Bring back a static page's built-in text (editor; audited)",
    description="Answers the page as it is now shown (`edited: false`)." + PAGE_HELP,
)
def reset_page(
    brand: str, slug: str, staff: EditorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> StaticPageOut:
    return page_out(service.reset_by_staff(db, rt.clock.now(), staff.actor, address, brand, slug))


@router.post(
    "/{brand}/{slug}/preview",
    response_model=StaticPagePreview,
    responses=ERRORS,
    summary="The page as readers would see it with this title and text; nothing is stored",
    description="`html` is the whole page for a sandboxed frame. 400 `bad-request` names what "
    "the body may not hold, as saving it would." + PAGE_HELP,
)
def preview_page(
    brand: str,
    slug: str,
    body: StaticPageIn,
    _: EditorDep,
    request: Request,
    db: DbDep,
    rt: RuntimeDep,
) -> StaticPagePreview:
    service.check(brand, slug, body.body)
    shown = BRANDS[brand]
    page = pages.publisher_page(
        request,
        rt,
        db,
        shown,
        title=body.title,
        description=f"{body.title} of {shown.name}",
        main=render.static_page(body.title, body.body),
    )
    return StaticPagePreview(html=page.html)
