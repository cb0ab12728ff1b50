"""Member events' rules: editors (and operators' tools) keep the list, every change audited in
its own transaction; members read the upcoming ones."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing.api import account_facts, is_member
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID, Reader
from masthead.member_events import repository, rules
from masthead.member_events.models import MemberEvent
from masthead.member_events.schemas import MemberEventIn, MemberEventOut, event_out
from masthead.staff.api import Actor, record_action

CREATED = "member_event.created"
EDITED = "member_event.edited"
DELETED = "member_event.deleted"
TARGET = "member-event"  # audit target_type; target_id is the event's id

NOT_FOUND = "There is no member event with that id. It may have been deleted."
MEMBERS_ONLY = (
    "Member events are for members and home delivery subscribers. "
    "Join the membership at /account/subscribe to see them."
)


@dataclass(frozen=True)
class Who:
    """Who changes the list: a staff member (None for an operator's tool), from where."""

    actor: Actor | None
    address: str


def listing(db: Session) -> list[MemberEventOut]:
    return [event_out(row) for row in repository.every_event(db)]


def show(db: Session, event_id: int) -> MemberEventOut:
    return event_out(_existing(db, event_id))


def create(db: Session, rt: Runtime, body: MemberEventIn, who: Who) -> MemberEventOut:
    _check(body)
    now = rt.clock.now()
    row = repository.add(db, MemberEvent(**_fields(body), created_at=now, updated_at=now))
    after = event_out(row)
    _audit(db, rt, CREATED, who, row.id, None, after)
    return after


def replace(
    db: Session, rt: Runtime, event_id: int, body: MemberEventIn, who: Who
) -> MemberEventOut:
    row = _existing(db, event_id)
    _check(body)
    before = event_out(row)
    for name, value in _fields(body).items():
        setattr(row, name, value)
    after = event_out(row)
    if after != before:  # saving the same text again changes nothing worth a log line
        row.updated_at = rt.clock.now()
        _audit(db, rt, EDITED, who, row.id, before, after)
    return after


def delete(db: Session, rt: Runtime, event_id: int, who: Who) -> None:
    row = _existing(db, event_id)
    before = event_out(row)
    repository.remove(db, row)
    _audit(db, rt, DELETED, who, event_id, before, None)


def upcoming_for(db: Session, rt: Runtime, reader: Reader) -> list[MemberEventOut]:
    """The events still to come, soonest first, for a member-like status or home delivery
    (the same rule as the exclusive newsletters); anyone else is told why and how to join."""
    status = str(account_facts(db, rt, reader).status)
    products = (HOME_DELIVERY_PRODUCT_ID,) if reader.home_delivery else ()
    if not is_member(status, products):
        raise ApiError(403, "not-entitled", MEMBERS_ONLY)
    return [event_out(row) for row in repository.upcoming(db, rt.clock.now())]


def _check(body: MemberEventIn) -> None:
    problem = rules.problem(body.title, body.place, body.link, body.startsAt)
    if problem is not None:
        raise ApiError(400, "bad-request", problem)


def _fields(body: MemberEventIn) -> dict[str, Any]:
    return {
        "title": body.title.strip(),
        "starts_at": body.startsAt.astimezone(UTC),
        "place": body.place.strip(),
        "link": body.link.strip(),
        "description": body.description.strip(),
    }


def _existing(db: Session, event_id: int) -> MemberEvent:
    row = repository.event(db, event_id)
    if row is None:
        raise ApiError(404, "event-not-found", NOT_FOUND)
    return row


def _audit(
    db: Session,
    rt: Runtime,
    action: str,
    who: Who,
    event_id: int,
    before: MemberEventOut | None,
    after: MemberEventOut | None,
) -> None:
    record_action(
        db,
        rt.clock.now(),
        action,
        who.actor,
        target_type=TARGET,
        target_id=str(event_id),
        before=None if before is None else before.model_dump(mode="json"),
        after=None if after is None else after.model_dump(mode="json"),
        address=who.address,
    )
