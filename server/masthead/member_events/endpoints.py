"""Member events over HTTP, once, for two callers: the staff console (console_routes.py:
/admin/api/member-events, editors) and the operator API (operator_routes.py:
/operator/v1/member-events, the bearer key MASTHEAD_MEMBER_EVENTS_KEY). Each mounts
events_router on its own Mount (staff/callers.py); every change is audited with the caller
as its actor (none for an operator's tool). Answers are no-store: the list changes under an
editor's hands.

(No postponed annotations here: the handlers name CallerDep, made per router, which FastAPI
must see.)
"""

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response

from masthead.deps import DbDep, RuntimeDep
from masthead.member_events import service
from masthead.member_events.schemas import (
    EVENT_HELP,
    MemberEventIn,
    MemberEventListOut,
    MemberEventOut,
)
from masthead.no_store import NO_STORE, NO_STORE_ANSWER
from masthead.staff.api import Caller, Mount

# An event id: digits (other text is a 400), within PostgreSQL's integer (a larger number is
# a 400, not a failed query).
EventId = Annotated[int, Path(ge=1, le=2**31 - 1)]


def _who(caller: Caller) -> service.Who:
    return service.Who(actor=caller.actor, address=caller.address)


def events_router(mount: Mount) -> APIRouter:
    """The member events' routes under the mount's prefix."""
    router = APIRouter(prefix=mount.prefix, tags=list(mount.tags), dependencies=[NO_STORE_ANSWER])
    CallerDep = Annotated[Caller, Depends(mount.caller)]
    who = mount.who
    errors: dict[int | str, dict[str, object]] = {**mount.errors, 400: {}, 404: {}}

    @router.get(
        "",
        response_model=MemberEventListOut,
        responses=mount.errors,
        summary=f"Every member event, past ones too, soonest first ({who})",
    )
    def list_events(_: CallerDep, db: DbDep) -> MemberEventListOut:
        return MemberEventListOut(events=service.listing(db))

    @router.post(
        "",
        response_model=MemberEventOut,
        status_code=201,
        responses={**mount.errors, 400: {}},
        summary=f"Add a member event ({who}; audited)",
        description="Answers the stored event (201)." + EVENT_HELP,
    )
    def add_event(
        body: MemberEventIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> MemberEventOut:
        return service.create(db, rt, body, _who(caller))

    @router.get(
        "/{event_id}",
        response_model=MemberEventOut,
        responses=errors,
        summary=f"One member event ({who})",
        description="404 `event-not-found` for an unknown id.",
    )
    def show_event(event_id: EventId, _: CallerDep, db: DbDep) -> MemberEventOut:
        return service.show(db, event_id)

    @router.put(
        "/{event_id}",
        response_model=MemberEventOut,
        responses=errors,
        summary=f"Replace a member event ({who}; audited)",
        description="404 `event-not-found` for an unknown id." + EVENT_HELP,
    )
    def replace_event(
        event_id: EventId, body: MemberEventIn, caller: CallerDep, db: DbDep, rt: RuntimeDep
    ) -> MemberEventOut:
        return service.replace(db, rt, event_id, body, _who(caller))

    @router.delete(
        "/{event_id}",
        status_code=204,
        responses=errors,
        summary=f"Delete a member event ({who}; audited)",
        description="404 `event-not-found` for an unknown id.",
    )
    def delete_event(event_id: EventId, caller: CallerDep, db: DbDep, rt: RuntimeDep) -> Response:
        service.delete(db, rt, event_id, _who(caller))
        return Response(status_code=204, headers=NO_STORE)

    return router
