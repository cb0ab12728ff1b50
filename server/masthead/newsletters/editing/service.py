"""Editors' changes to the newsletter lists, the one module behind the console and the
operator API: every change audited in its transaction (who: the staff member, or None for the
operator API; the list before and after).

Readers read the lists from the database on every call (no cache), so a change shows to them
at once. A list is never deleted: retiring hides it from readers and refuses new sign-ups
(newsletters/service.py), while its subscriptions stay as Masthead's records, so restoring it
brings them back. The provider is told nothing on either: its mirror of the subscriptions
(pushed through the outbox as readers change them) still matches those records; a retired
list is simply no longer offered.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.newsletters import repository
from masthead.newsletters.editing.schemas import (
    ListAdminOut,
    ListFields,
    ListListOut,
    NewListIn,
)
from masthead.newsletters.groups import EXCLUSIVE_GROUPS, GROUPS
from masthead.newsletters.models import NewsletterList
from masthead.staff.api import Actor, record_action

CREATED, UPDATED, MOVED = (
    "newsletter_list.created",
    "newsletter_list.updated",
    "newsletter_list.moved",
)
RETIRED, RESTORED = "newsletter_list.retired", "newsletter_list.restored"
TARGET = "newsletter_list"


class ListError(ApiError):
    """A refusal of the list editing, answered as the API's one error shape."""


def _not_found(list_id: int) -> ListError:
    return ListError(404, "list-not-found", f"There is no newsletter list with id {list_id}.")


def _taken(st_id: str) -> ListError:
    return ListError(
        409,
        "list-exists",
        f'The provider id "{st_id}" belongs to another list already. '
        "Each list needs its own provider id.",
    )


def listing(db: Session, group: str | None, retired: bool | None) -> ListListOut:
    rows = repository.all_lists(db, group, retired)
    counts = repository.subscriber_counts(db, [row.id for row in rows])
    places = _places(db, {row.group for row in rows})
    rows_by_group = sorted(rows, key=lambda row: (_group_rank(row.group), places[row.id]))
    return ListListOut(
        lists=[_out(row, places[row.id], counts.get(row.id, 0)) for row in rows_by_group]
    )


def show(db: Session, list_id: int) -> ListAdminOut:
    return _answer(db, _row(db, list_id))


def create(
    db: Session, rt: Runtime, body: NewListIn, actor: Actor | None, address: str
) -> ListAdminOut:
    name = _name(body.name)
    if repository.list_by_st_id(db, body.st_id) is not None:
        raise _taken(body.st_id)
    siblings = repository.group_lists(db, body.group)
    row = NewsletterList(
        st_id=body.st_id,
        name=name,
        description=body.description.strip(),
        group=body.group,
        exclusive=body.group in EXCLUSIVE_GROUPS,
        retired=False,
        position=max((s.position for s in siblings), default=-1) + 1,
    )
    try:
        with db.begin_nested():
            repository.add_list(db, row)
            db.flush()
    except IntegrityError:  # another editor took the id at the same moment
        raise _taken(body.st_id) from None
    _audit(db, rt, CREATED, actor, address, row, None)
    return _answer(db, row)


def edit(
    db: Session, rt: Runtime, list_id: int, body: ListFields, actor: Actor | None, address: str
) -> ListAdminOut:
    row = _row(db, list_id, lock=True)
    before = _audited(row)
    name = _name(body.name)
    if body.group != row.group:  # it joins its new group last
        siblings = repository.group_lists(db, body.group)
        row.position = max((s.position for s in siblings), default=-1) + 1
    row.name, row.description, row.group = name, body.description.strip(), body.group
    row.exclusive = body.group in EXCLUSIVE_GROUPS
    if _audited(row) != before:
        _audit(db, rt, UPDATED, actor, address, row, before)
    return _answer(db, row)


def move(
    db: Session, rt: Runtime, list_id: int, position: int, actor: Actor | None, address: str
) -> ListAdminOut:
    row = _row(db, list_id, lock=True)
    siblings = [s for s in repository.group_lists(db, row.group) if s.id != row.id]
    old_place = _places(db, {row.group})[row.id]
    siblings.insert(min(position, len(siblings)), row)
    for place, sibling in enumerate(siblings):  # the group's positions handed out again
        sibling.position = place
    new_place = siblings.index(row)
    if new_place != old_place:
        record_action(
            db,
            rt.clock.now(),
            MOVED,
            actor,
            target_type=TARGET,
            target_id=str(row.id),
            before={"group": row.group, "position": old_place},
            after={"group": row.group, "position": new_place},
            address=address,
        )
    return _answer(db, row)


def set_retired(
    db: Session, rt: Runtime, list_id: int, retired: bool, actor: Actor | None, address: str
) -> ListAdminOut:
    row = _row(db, list_id, lock=True)
    if row.retired != retired:
        before = _audited(row)
        row.retired = retired
        _audit(db, rt, RETIRED if retired else RESTORED, actor, address, row, before)
    return _answer(db, row)


def _row(db: Session, list_id: int, *, lock: bool = False) -> NewsletterList:
    row = repository.list_row(db, list_id, lock=lock)
    if row is None:
        raise _not_found(list_id)
    return row


def _name(raw: str) -> str:
    name = raw.strip()
    if not name:
        raise ListError(400, "bad-request", "The name must not be blank: readers see it.")
    return name


def _group_rank(group: str) -> int:
    return GROUPS.index(group) if group in GROUPS else len(GROUPS)


def _places(db: Session, groups: set[str]) -> dict[int, int]:
    """Each list's place within its group (0 first), counting retired lists too."""
    places: dict[int, int] = {}
    for group in groups:
        for place, row in enumerate(repository.group_lists(db, group)):
            places[row.id] = place
    return places


def _answer(db: Session, row: NewsletterList) -> ListAdminOut:
    db.flush()
    count = repository.subscriber_counts(db, [row.id]).get(row.id, 0)
    return _out(row, _places(db, {row.group})[row.id], count)


def _out(row: NewsletterList, place: int, subscribers: int) -> ListAdminOut:
    return ListAdminOut(
        id=row.id,
        st_id=row.st_id,
        name=row.name,
        description=row.description,
        group=row.group,
        exclusive=row.exclusive,
        retired=row.retired,
        position=place,
        subscribers=subscribers,
    )


def _audited(row: NewsletterList) -> dict[str, Any]:
    return {
        "st_id": row.st_id,
        "name": row.name,
        "description": row.description,
        "group": row.group,
        "exclusive": row.exclusive,
        "retired": row.retired,
    }


def _audit(
    db: Session,
    rt: Runtime,
    action: str,
    actor: Actor | None,
    address: str,
    row: NewsletterList,
    before: dict[str, Any] | None,
) -> None:
    record_action(
        db,
        rt.clock.now(),
        action,
        actor,
        target_type=TARGET,
        target_id=str(row.id),
        before=before,
        after=_audited(row),
        address=address,
    )
