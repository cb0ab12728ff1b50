"""The stories in the staff console (/admin/api/stories, editors): HTTP only.

The same service as the operator API and the CLI; every change is audited with the editor,
the address and the fields that changed. The preview is the site's (it draws the page):
site/story_preview_routes.py.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query, Response

from masthead.articles import schemas, service
from masthead.articles.views import desks, story_out
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.no_store import no_store
from masthead.staff.api import EditorDep

router = APIRouter(prefix="/admin/api/stories", tags=["staff"])
ContentId = Annotated[str, Path(min_length=1, max_length=64, description="The story's id.")]
ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 403: {}, 404: {}, 409: {}}


@router.get(
    "",
    response_model=schemas.StoryPage,
    responses={400: {}, 401: {}, 403: {}},
    summary="The stories, last changed first, a page at a time (editor)",
    description="Filters: `brand`, `section` (a section of any brand), `status` (draft, "
    "scheduled, published, unpublished).",
)
def list_stories(
    _: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    response: Response,
    brand: schemas.BrandKey | None = None,
    section: Annotated[str | None, Query(max_length=60)] = None,
    status: schemas.Status | None = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> schemas.StoryPage:
    no_store(response)
    return service.listing(
        db,
        rt.clock.now(),
        brand=brand,
        section=section,
        status=status,
        page=page,
        per_page=per_page,
    )


@router.get(
    "/desks",
    response_model=schemas.Desks,
    responses={401: {}, 403: {}},
    summary="The brands stories are filed under, with their sections (editor)",
)
def list_desks(_: EditorDep) -> schemas.Desks:
    return desks()


@router.post(
    "",
    response_model=schemas.StoryOut,
    status_code=201,
    responses={400: {}, 401: {}, 403: {}, 409: {}},
    summary="Write a new story: a draft, off the site until published (editor; audited)",
    description="400 `bad-request` names what to change (an unknown brand or section, a slug "
    "that cannot be an address, the HTML rules, a members-only story without its members' "
    "part); 409 `slug-taken`.",
)
def create_story(
    body: schemas.StoryIn,
    staff: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.StoryOut:
    return service.create(db, rt.clock.now(), service.by_staff(staff.actor, address), body.fields())


@router.get(
    "/{content_id}",
    response_model=schemas.StoryOut,
    responses={401: {}, 403: {}, 404: {}},
    summary="One story, whatever its status (editor)",
)
def show_story(
    content_id: ContentId, _: EditorDep, db: DbDep, rt: RuntimeDep, response: Response
) -> schemas.StoryOut:
    no_store(response)
    return story_out(service.story(db, content_id), rt.clock.now())


@router.put(
    "/{content_id}",
    response_model=schemas.StoryOut,
    responses=ERRORS,
    summary="Replace a story's text and settings (editor; audited)",
    description="A published story changes on the site at once. 409 `slug-taken`, or "
    "`brand-fixed` for a story that has been on the site.",
)
def update_story(
    content_id: ContentId,
    body: schemas.StoryIn,
    staff: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.StoryOut:
    by = service.by_staff(staff.actor, address)
    return service.update(db, rt.clock.now(), by, content_id, body.fields())


@router.post(
    "/{content_id}/publish",
    response_model=schemas.StoryOut,
    responses=ERRORS,
    summary="Put a story on the site now (editor; audited)",
    description="A story that was on the site before keeps its date and address. 409 "
    "`already-published` when it is on the site.",
)
def publish_story(
    content_id: ContentId, staff: EditorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.StoryOut:
    return service.publish(db, rt.clock.now(), service.by_staff(staff.actor, address), content_id)


@router.post(
    "/{content_id}/schedule",
    response_model=schemas.StoryOut,
    responses=ERRORS,
    summary="Put a story on the site at a time to come (editor; audited)",
    description="It appears by itself at that time. 400 `schedule-in-past`; 409 "
    "`already-published` when it is on the site (unpublish it first).",
)
def schedule_story(
    content_id: ContentId,
    body: schemas.ScheduleIn,
    staff: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.StoryOut:
    by = service.by_staff(staff.actor, address)
    return service.schedule(db, rt.clock.now(), by, content_id, body.published_at)


@router.post(
    "/{content_id}/unpublish",
    response_model=schemas.StoryOut,
    responses=ERRORS,
    summary="Take a story off the site, or cancel its schedule (editor; audited)",
    description="Its page answers 404 and its body is released to nobody; it keeps its "
    "post_id. A scheduled story that was never on the site becomes a draft again. 409 "
    "`not-published`.",
)
def unpublish_story(
    content_id: ContentId, staff: EditorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.StoryOut:
    by = service.by_staff(staff.actor, address)
    return service.unpublish(db, rt.clock.now(), by, content_id)


@router.delete(
    "/{content_id}",
    status_code=204,
    responses=ERRORS,
    summary="Delete a draft that has never been on the site (editor; audited)",
    description="409 `not-a-draft` for any other story: unpublish it instead.",
)
def delete_story(
    content_id: ContentId, staff: EditorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> Response:
    by = service.by_staff(staff.actor, address)
    service.delete_draft(db, rt.clock.now(), by, content_id)
    return Response(status_code=204)
