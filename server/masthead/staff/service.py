"""Staff rules: who is signed in to the console and with which roles, the members and their
roles, step-up. Roles are read on every request, so a revoked role ends its rights at once.

The caller's transaction commits; a change and its audit entry land together.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import User, current_reader, read_profile, token_hash, user_by_email
from masthead.staff import audit, refusals, repository, schemas
from masthead.staff.roles import ADMIN, Role, grants, ordered

SESSION_LIFE = timedelta(hours=8)
IDLE_LIMIT = timedelta(minutes=30)
# last_seen_at is written at most this often: one write a minute, not one per request.
SEEN_EVERY = timedelta(minutes=1)
STEP_UP_LIFE = timedelta(minutes=5)


@dataclass(frozen=True)
class SignedInStaff:
    """The member behind a live staff session, with the roles they hold now."""

    session_id: int
    user_id: int
    email: str
    display_name: str
    roles: tuple[Role, ...]
    reauthenticated_until: datetime | None
    expires_at: datetime

    @property
    def actor(self) -> audit.Actor:
        return audit.Actor(self.user_id, self.email)


def password_stamp(user: User) -> str:
    """A fingerprint of the account's password hash: a new password makes a new one."""
    return hashlib.sha256((user.password_hash or "").encode()).hexdigest()


def display_name(user: User) -> str:
    profile = read_profile(user.profile.attributes)
    return str(profile["display-name"] or profile["full-name"] or "") or user.email


def signed_in_staff(db: Session, rt: Runtime, token: str | None) -> SignedInStaff | None:
    """The staff session the cookie holds, if it is live: not signed out, within its 8 hours
    and its idle limit, and begun with the account's current password."""
    if not token:
        return None
    found = repository.session_by_hash(db, token_hash(token))
    if found is None:
        return None
    session, user = found
    now = rt.clock.now()
    if (
        session.expires_at <= now
        or session.last_seen_at + IDLE_LIMIT <= now
        or not hmac.compare_digest(session.password_stamp, password_stamp(user))
    ):
        return None
    if now - session.last_seen_at >= SEEN_EVERY:
        session.last_seen_at = now
    until = session.reauthenticated_until
    return SignedInStaff(
        session_id=session.id,
        user_id=user.id,
        email=user.email,
        display_name=display_name(user),
        roles=tuple(ordered(repository.roles_of(db, user.id))),
        reauthenticated_until=until if until is not None and until > now else None,
        expires_at=session.expires_at,
    )


def require_staff(
    db: Session, rt: Runtime, staff_token: str | None, reader_token: str | None, role: Role | None
) -> SignedInStaff:
    """The signed-in member if they hold `role` (any role when None); else the refusal: 403
    for an account without the role, whichever cookie names it, 401 without a staff session."""
    staff = signed_in_staff(db, rt, staff_token)
    if staff is not None:
        _check_roles(staff.roles, role)
        return staff
    reader = current_reader(rt, reader_token)
    if reader is not None:
        _check_roles(repository.roles_of(db, reader.user_id), role)
    raise refusals.unauthorized()


def _check_roles(roles: tuple[str, ...] | list[str], role: Role | None) -> None:
    if not roles:
        raise refusals.no_staff_role()
    if role is not None and not grants(roles, role):
        raise refusals.lacks_role(role)


def require_step_up(staff: SignedInStaff) -> None:
    """Refuses a sensitive action (a refund, a role grant, a key rotation) unless the member
    entered a code in the last minutes: 403 `reauthentication-required`, which the console
    answers by asking for a code (POST /admin/api/session/confirm) and trying again."""
    if staff.reauthenticated_until is None:
        raise refusals.reauthentication_required()


def me(staff: SignedInStaff) -> schemas.Me:
    return schemas.Me(
        email=staff.email,
        display_name=staff.display_name,
        roles=list(staff.roles),
        reauthenticated_until=staff.reauthenticated_until,
        session_expires_at=staff.expires_at,
    )


def members(db: Session) -> schemas.StaffList:
    by_user: dict[int, tuple[User, list[str], list[datetime]]] = {}
    for user, row in repository.staff_rows(db):
        _, roles, granted = by_user.setdefault(user.id, (user, [], []))
        roles.append(row.role)
        granted.append(row.granted_at)
    enrolled = repository.enrolled_ids(db, list(by_user))
    return schemas.StaffList(
        items=[
            schemas.StaffMember(
                user_id=user.id,
                email=user.email,
                roles=ordered(roles),
                granted_at=min(granted),
                enrolled=user.id in enrolled,
            )
            for user, roles, granted in by_user.values()
        ]
    )


def member(db: Session, user: User) -> schemas.StaffMember:
    rows = repository.role_rows(db, user.id)
    return schemas.StaffMember(
        user_id=user.id,
        email=user.email,
        roles=ordered(row.role for row in rows),
        granted_at=min((row.granted_at for row in rows), default=None),
        enrolled=bool(repository.enrolled_ids(db, [user.id])),
    )


def set_member_roles(
    db: Session,
    rt: Runtime,
    staff: SignedInStaff,
    email: str,
    roles: list[Role],
    address: str,
) -> schemas.StaffMember:
    """An admin sets a member's roles (empty: removes them from staff). A change needs a code
    entered in the last minutes (step-up); no admin removes their own admin role, and the
    last admin is never removed."""
    user = user_by_email(db, email.strip().lower())
    if user is None:
        raise refusals.no_account()
    before, after = ordered(repository.roles_of(db, user.id)), ordered(roles)
    if before == after:
        return member(db, user)
    if ADMIN in before and ADMIN not in after:
        if user.id == staff.user_id:
            raise refusals.own_admin_role()
        if repository.lock_admins(db) == [user.id]:
            raise refusals.last_admin()
    require_step_up(staff)
    change_roles(db, rt.clock.now(), user, after, staff.actor, address)
    return member(db, user)


def change_roles(
    db: Session,
    now: datetime,
    user: User,
    roles: list[Role],
    actor: audit.Actor | None,
    address: str,
) -> tuple[list[Role], list[Role]]:
    """Set the account's roles and write the audit entry in the same transaction; the roles
    before and after."""
    before = ordered(repository.roles_of(db, user.id))
    after = ordered(roles)
    if before != after:
        repository.set_roles(db, user.id, after, now)
        audit.record(
            db,
            now,
            audit.ROLES_CHANGED,
            actor,
            target_id=user.email,
            before={"roles": before},
            after={"roles": after},
            address=address,
        )
    return before, after


def console_refused(
    db: Session, rt: Runtime, staff_token: str | None, reader_token: str | None
) -> bool:
    """Whether the console's pages answer 403: a staff session without roles, or, without a
    staff session, a signed-in reader whose account has no staff role. Anyone else gets the
    console, which shows its sign-in."""
    staff = signed_in_staff(db, rt, staff_token)
    if staff is not None:
        return not staff.roles
    reader = current_reader(rt, reader_token)
    return reader is not None and not repository.roles_of(db, reader.user_id)


def ordered_roles(db: Session, user_id: int) -> list[Role]:
    return ordered(repository.roles_of(db, user_id))
