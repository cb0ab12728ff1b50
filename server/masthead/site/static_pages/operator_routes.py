"""The static pages' operator API (/operator/v1/static-pages): HTTP only.

For an operator's tools (a staff console comes later), not a browser: the shared secret
MASTHEAD_STATIC_PAGES_KEY as a bearer token (operator_auth.py); the API is absent (404) while
the setting is empty. An edit shows on the next page view, in every process.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from masthead.deps import DbDep, RuntimeDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.operator_auth import bearer_key_check
from masthead.site.static_pages import service
from masthead.site.static_pages.schemas import (
    StaticPageIn,
    StaticPageListOut,
    StaticPageOut,
    page_out,
)

router = APIRouter(prefix="/operator/v1/static-pages", tags=["operator"])
ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}}
PAGE_HELP = (
    " `brand`: main, gossip or lifestyle; `slug`: membership-terms (/membership-terms), "
    "terms (/terms/) or privacy (/privacy/). 404 `page-not-found` for any other."
)

OperatorDep = Annotated[
    None, Depends(bearer_key_check(lambda s: s.static_pages_key, "static pages"))
]


router.dependencies.append(NO_STORE_ANSWER)


@router.get(
    "",
    response_model=StaticPageListOut,
    responses=ERRORS,
    summary="Every static page of every brand, as shown now (operator API)",
)
def list_pages(_: OperatorDep, db: DbDep) -> StaticPageListOut:
    return StaticPageListOut(pages=[page_out(v) for v in service.listing(db)])


@router.get(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="One static page, as shown now (operator API)",
    description=PAGE_HELP.strip(),
)
def show_page(brand: str, slug: str, _: OperatorDep, db: DbDep) -> StaticPageOut:
    return page_out(service.page(db, brand, slug))


@router.put(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="Replace a static page's title and text (operator API)",
    description="Answers the page as it is now shown. 400 `bad-request` names what the body "
    "may not hold (see the body's description)." + PAGE_HELP,
)
def replace_page(
    brand: str,
    slug: str,
    body: StaticPageIn,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
) -> StaticPageOut:
    return page_out(service.store(db, rt.clock.now(), brand, slug, body.title, body.body))


@router.delete(
    "/{brand}/{slug}",
    response_model=StaticPageOut,
    responses=ERRORS,
    summary="Bring back a static page's built-in text (operator API)",
    description="Answers the page as it is now shown (`edited: false`)." + PAGE_HELP,
)
def reset_page(brand: str, slug: str, _: OperatorDep, db: DbDep) -> StaticPageOut:
    return page_out(service.reset(db, brand, slug))
