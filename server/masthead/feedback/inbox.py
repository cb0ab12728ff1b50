"""The staff console's feedback list: readers' messages, newest first, a page at a time,
with the reader's page to follow while the account exists.

Not audited: the support role's reader page, which shows more of a reader, records no read
either (support/routes.py); staff actions are what the audit log keeps."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from masthead.feedback import console_schemas as schemas
from masthead.feedback import repository
from masthead.feedback.models import FeedbackMessage
from masthead.identity.api import read_profile

Filters = repository.Filters


def page(
    db: Session, filters: Filters, before: tuple[datetime, int] | None
) -> schemas.FeedbackListOut:
    # One more than a page tells whether another follows without a count.
    rows = list(repository.newest(db, filters, before, schemas.PAGE_SIZE + 1))
    shown = rows[: schemas.PAGE_SIZE]
    names = repository.names_of(db, {r.account_id for r in shown if r.account_id is not None})
    last = shown[-1] if len(rows) > schemas.PAGE_SIZE else None
    return schemas.FeedbackListOut(
        items=[_item(row, names) for row in shown],
        next=None
        if last is None
        else schemas.FeedbackPlace(created_at=last.created_at, id=last.id),
    )


def _item(row: FeedbackMessage, names: dict[int, dict[str, object]]) -> schemas.FeedbackItem:
    return schemas.FeedbackItem(
        id=row.id,
        created_at=row.created_at,
        topic=row.topic,
        brand=row.brand,
        message=row.message,
        may_reply=row.may_reply,
        email=row.email,
        # The key is set to null when the account is deleted (models.py: SET NULL).
        reader_id=row.account_id,
        reader_name=None if row.account_id is None else _name(names.get(row.account_id)),
    )


def _name(attributes: dict[str, object] | None) -> str | None:
    if attributes is None:
        return None
    profile = read_profile(attributes)
    name = str(profile["full-name"] or "").strip() or str(profile["display-name"] or "").strip()
    return name or None
