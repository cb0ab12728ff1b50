"""The newsletter lists over HTTP, once, for two callers: the staff console
(console_routes.py: /admin/api/newsletter-lists, editors) and the operator API
(operator_routes.py: /operator/v1/newsletter-lists, the bearer key
MASTHEAD_NEWSLETTER_LISTS_KEY). Each mounts lists_router on its own Mount (staff/callers.py);
both change the lists through service.py, which audits every change with the caller as its
actor (none for an operator's tool).

Every answer is marked no-store: lists change under an editor's hands. (No postponed
annotations here: the handlers name CallerDep, made per router, which FastAPI must see.)
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from masthead.deps import DbDep, RuntimeDep
from masthead.newsletters.editing import service
from masthead.newsletters.editing.schemas import (
    Group,
    ListAdminOut,
    ListFields,
    ListListOut,
    NewListIn,
    PositionIn,
    RetiredIn,
)
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import Caller, Mount

# A list's address takes digits only; a row id is PostgreSQL's integer, so a larger number
# is a 400, not a failed query.
ListId = Annotated[int, Path(ge=1, le=2**31 - 1)]
NOT_FOUND = " 404 `list-not-found` for an unknown id."


def lists_router(mount: Mount) -> APIRouter:
    """The newsletter lists' routes under the mount's prefix."""
    router = APIRouter(prefix=mount.prefix, tags=list(mount.tags), dependencies=[NO_STORE_ANSWER])
    CallerDep = Annotated[Caller, Depends(mount.caller)]
    who = mount.who
    errors: dict[int | str, dict[str, object]] = {**mount.errors, 400: {}}
    id_errors: dict[int | str, dict[str, object]] = {
        **errors,
        404: {},
        405: {"description": "The list id is not a number: no such address takes this method."},
    }

    @router.get(
        "",
        response_model=ListListOut,
        responses=errors,
        summary=f"Every newsletter list, retired ones too, with its subscribers ({who})",
        description="`group` keeps one group's lists; `retired` true or false keeps the "
        "retired or the live ones.",
    )
    def list_lists(
        _: CallerDep,
        db: DbDep,
        group: Annotated[Group | None, Query()] = None,
        retired: Annotated[bool | None, Query()] = None,
    ) -> ListListOut:
        return service.listing(db, group, retired)

    @router.post(
        "",
        response_model=ListAdminOut,
        status_code=201,
        responses={**errors, 409: {}},
        summary=f"Add a newsletter list, last in its group ({who}; audited)",
        description="Readers see it at once. 409 `list-exists` when another list has the "
        "provider id; 400 `bad-request` names a field that does not fit.",
    )
    def create_list(body: NewListIn, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> ListAdminOut:
        return service.create(db, rt, body, caller.actor, caller.address)

    @router.get(
        "/{list_id:int}",
        response_model=ListAdminOut,
        responses=id_errors,
        summary=f"One newsletter list ({who})",
        description=NOT_FOUND.strip(),
    )
    def show_list(list_id: ListId, _: CallerDep, db: DbDep) -> ListAdminOut:
        return service.show(db, list_id)

    @router.put(
        "/{list_id:int}",
        response_model=ListAdminOut,
        responses=id_errors,
        summary=f"Rename a newsletter list, or change its description or group ({who}; audited)",
        description="A new group puts the list last in it, and makes it exclusive or not as "
        "the group is; readers already on it stay on it. The provider id never changes."
        + NOT_FOUND,
    )
    def edit_list(
        list_id: ListId, body: ListFields, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> ListAdminOut:
        return service.edit(db, rt, list_id, body, caller.actor, caller.address)

    @router.put(
        "/{list_id:int}/position",
        response_model=ListAdminOut,
        responses=id_errors,
        summary=f"Move a newsletter list within its group ({who}; audited)",
        description="The group's positions are handed out again, 0 first." + NOT_FOUND,
    )
    def move_list(
        list_id: ListId, body: PositionIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> ListAdminOut:
        return service.move(db, rt, list_id, body.position, caller.actor, caller.address)

    @router.put(
        "/{list_id:int}/retired",
        response_model=ListAdminOut,
        responses=id_errors,
        summary=f"Retire a newsletter list, or bring it back ({who}; audited)",
        description="Retired: gone from readers' screens and no one may join it; its "
        "subscriptions are kept, and come back when it does. Lists are never deleted." + NOT_FOUND,
    )
    def retire_list(
        list_id: ListId, body: RetiredIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> ListAdminOut:
        return service.set_retired(db, rt, list_id, body.retired, caller.actor, caller.address)

    return router
