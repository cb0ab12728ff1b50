"""The audit log: every staff action, written in the transaction of the change it records,
and read by admins newest first, a page at a time (keyset: no page is skipped or repeated
while new entries arrive)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from masthead.staff import repository, schemas
from masthead.staff.models import AuditEntry

SIGNED_IN = "staff.signed_in"
SIGN_IN_FAILED = "staff.sign_in_failed"
ENROLLED = "staff.enrolled"
RECOVERY_CODE_USED = "staff.recovery_code_used"
ROLES_CHANGED = "staff.roles_changed"
SIGNED_OUT = "staff.signed_out"
ACCOUNT = "account"  # target_type of the actions above: target_id is the account's email


@dataclass(frozen=True)
class Actor:
    """Who acted; None in its place for the command line or a stranger."""

    user_id: int
    email: str


def record(
    db: Session,
    at: datetime,
    action: str,
    actor: Actor | None,
    *,
    target_id: str | None = None,
    target_type: str | None = ACCOUNT,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    address: str | None = None,
) -> None:
    db.add(
        AuditEntry(
            at=at,
            actor_user_id=actor.user_id if actor else None,
            actor_email=actor.email if actor else None,
            action=action,
            target_type=target_type if target_id is not None else None,
            target_id=None if target_id is None else target_id[:320],
            before=before,
            after=after,
            address=None if address is None else address[:64],
        )
    )


def page(
    db: Session,
    *,
    actor: str | None,
    action: str | None,
    target: str | None,
    before: int | None,
    limit: int,
) -> schemas.AuditPage:
    rows = repository.audit_page(
        db,
        actor=None if actor is None else actor.strip().lower(),
        action=action,
        target=target,
        before=before,
        limit=limit + 1,  # one more than shown tells whether an older page exists
    )
    shown = rows[:limit]
    items = [
        schemas.AuditItem(
            id=row.id,
            at=row.at,
            actor_email=row.actor_email,
            action=row.action,
            target_type=row.target_type,
            target_id=row.target_id,
            before=row.before,
            after=row.after,
            address=row.address,
        )
        for row in shown
    ]
    return schemas.AuditPage(items=items, next=shown[-1].id if len(rows) > limit else None)
