"""Signing in to the staff console: the password (identity's check, under the reader login's
limits), then a pending sign-in until a code from the authenticator app, or a recovery code,
or, the first time, the app's enrolment; and the step-up code of sensitive actions.

Wrong codes are counted on the pending sign-in (the fifth ends it) and limited per address
and per account; each failure is in the audit log, kept although the answer is an error.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Literal, NoReturn

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.api import User, check_password, token_hash
from masthead.ratelimit import enforce
from masthead.staff import audit, refusals, repository, schemas, totp
from masthead.staff.models import StaffPendingSignIn, StaffSession, StaffTotp
from masthead.staff.service import (
    SESSION_LIFE,
    STEP_UP_LIFE,
    SignedInStaff,
    password_stamp,
    signed_in_staff,
)

PENDING_LIFE = timedelta(minutes=10)
WRONG_CODES = 5  # wrong codes a pending sign-in takes; the fifth ends it

Method = Literal["totp", "recovery-code"]


@dataclass(frozen=True)
class Opened:
    """A new staff session: the cookie's token and the member behind it."""

    token: str
    staff: SignedInStaff


def start(
    db: Session, rt: Runtime, email: str, password: str, address: str, user_agent: str
) -> tuple[str, schemas.SignInOut]:
    """The password step: a pending sign-in's token, and what the next step asks for."""
    user = check_password(db, rt, email, password, address)
    now = rt.clock.now()
    if user is None:
        typed = email.strip().lower()
        _fail(db, rt, None, typed, "wrong-password", address)
        raise refusals.invalid_credentials()
    if not repository.roles_of(db, user.id):  # said only once the password is right
        _fail(db, rt, user, user.email, "no-staff-role", address)
        raise refusals.no_staff_role()
    token = secrets.token_urlsafe(32)
    db.add(
        StaffPendingSignIn(
            token_hash=token_hash(token),
            user_id=user.id,
            created_at=now,
            expires_at=now + PENDING_LIFE,
            wrong_codes=0,
        )
    )
    enrolled = _enrolled_totp(db, user.id) is not None
    return token, schemas.SignInOut(next="code" if enrolled else "enrol")


def enrolment(db: Session, rt: Runtime, pending_token: str | None) -> schemas.EnrolmentOut:
    """The secret to set the app up with: made the first time, the same until enrolment
    completes."""
    _, user = _pending(db, rt, pending_token)
    found = repository.totp_or_new(db, user.id, totp.new_secret(), rt.clock.now())
    if found.enrolled_at is not None:
        raise refusals.already_enrolled()
    uri = totp.otpauth_uri(found.secret, user.email)
    return schemas.EnrolmentOut(secret=found.secret, otpauth_uri=uri, qr_svg=totp.qr_svg(uri))


def enrol(
    db: Session,
    rt: Runtime,
    pending_token: str | None,
    code: str,
    address: str,
    user_agent: str,
) -> tuple[Opened, list[str]]:
    """The first code from the newly set-up app: enrolment completes, the recovery codes are
    made (shown this once) and the member is signed in."""
    pending, user = _pending(db, rt, pending_token)
    _limit_codes(rt, address, user.id)
    found = repository.totp_of(db, user.id)
    if found is not None and found.enrolled_at is not None:
        raise refusals.already_enrolled()
    now = rt.clock.now()
    step = None if found is None else totp.accepted_step(found.secret, code, now, None)
    if found is None or step is None:
        _wrong_code(db, rt, pending, user, address)
    found.enrolled_at = now
    found.last_step = step
    codes = totp.new_recovery_codes()
    repository.replace_recovery_codes(db, user.id, [totp.recovery_code_hash(c) for c in codes], now)
    actor = audit.Actor(user.id, user.email)
    audit.record(db, now, audit.ENROLLED, actor, target_id=user.email, address=address)
    return _open(db, rt, pending, user, "totp", address, user_agent), codes


def sign_in(
    db: Session,
    rt: Runtime,
    pending_token: str | None,
    code: str,
    address: str,
    user_agent: str,
) -> Opened:
    """The code step: a code from the app or a recovery code signs the member in."""
    pending, user = _pending(db, rt, pending_token)
    _limit_codes(rt, address, user.id)
    found = _enrolled_totp(db, user.id)
    if found is None:
        raise refusals.not_enrolled()
    method = _accept_code(db, rt, found, user, code, address)
    if method is None:
        _wrong_code(db, rt, pending, user, address)
    return _open(db, rt, pending, user, method, address, user_agent)


def confirm(
    db: Session, rt: Runtime, staff: SignedInStaff, code: str, address: str
) -> StaffSession:
    """Step-up: a right code lets the session make sensitive changes for a few minutes."""
    _limit_codes(rt, address, staff.user_id)
    found = _enrolled_totp(db, staff.user_id)
    user = repository.user_by_id(db, staff.user_id)
    if found is None or user is None:  # the session began with a code: not reached
        raise refusals.not_enrolled()
    if _accept_code(db, rt, found, user, code, address) is None:
        raise refusals.invalid_code()
    session = db.get(StaffSession, staff.session_id)
    assert session is not None
    session.reauthenticated_until = rt.clock.now() + STEP_UP_LIFE
    return session


def sign_out(db: Session, rt: Runtime, token: str | None, address: str) -> None:
    staff = signed_in_staff(db, rt, token)
    if staff is None:
        return  # nothing live to end: signing out twice is no error
    now = rt.clock.now()
    repository.revoke_session(db, staff.session_id, now)
    audit.record(db, now, audit.SIGNED_OUT, staff.actor, target_id=staff.email, address=address)


def _pending(db: Session, rt: Runtime, token: str | None) -> tuple[StaffPendingSignIn, User]:
    pending = repository.pending_by_hash(db, token_hash(token)) if token else None
    if pending is not None and pending.wrong_codes >= WRONG_CODES:
        raise refusals.too_many_wrong_codes()  # say why, not just "expired"
    if pending is None or pending.ended_at is not None or pending.expires_at <= rt.clock.now():
        raise refusals.sign_in_expired()
    user = repository.user_by_id(db, pending.user_id)
    if user is None:
        raise refusals.sign_in_expired()
    return pending, user


def _enrolled_totp(db: Session, user_id: int) -> StaffTotp | None:
    found = repository.totp_of(db, user_id)
    return found if found is not None and found.enrolled_at is not None else None


def _accept_code(
    db: Session, rt: Runtime, found: StaffTotp, user: User, code: str, address: str
) -> Method | None:
    """Use up `code` if it is right: a TOTP code's step, or a recovery code."""
    now = rt.clock.now()
    if totp.is_totp_code(code):
        step = totp.accepted_step(found.secret, code, now, found.last_step)
        if step is None:
            return None
        found.last_step = step
        return "totp"
    if not totp.is_recovery_code(code):
        return None
    recovery = repository.unused_recovery_code(db, user.id, totp.recovery_code_hash(code))
    if recovery is None:
        return None
    recovery.used_at = now
    db.flush()
    audit.record(
        db,
        now,
        audit.RECOVERY_CODE_USED,
        audit.Actor(user.id, user.email),
        target_id=user.email,
        after={"recovery_codes_left": repository.unused_recovery_codes(db, user.id)},
        address=address,
    )
    return "recovery-code"


def _open(
    db: Session,
    rt: Runtime,
    pending: StaffPendingSignIn,
    user: User,
    method: Method,
    address: str,
    user_agent: str,
) -> Opened:
    """End the pending sign-in and open a session; the code just entered counts as step-up."""
    now = rt.clock.now()
    pending.ended_at = now
    token = secrets.token_urlsafe(32)
    session = StaffSession(
        token_hash=token_hash(token),
        user_id=user.id,
        created_at=now,
        expires_at=now + SESSION_LIFE,
        last_seen_at=now,
        reauthenticated_until=now + STEP_UP_LIFE,
        password_stamp=password_stamp(user),
        user_agent=user_agent[:255],
    )
    db.add(session)
    db.flush()
    audit.record(
        db,
        now,
        audit.SIGNED_IN,
        audit.Actor(user.id, user.email),
        target_id=user.email,
        after={"method": method},
        address=address,
    )
    staff = signed_in_staff(db, rt, token)
    assert staff is not None
    return Opened(token, staff)


def _wrong_code(
    db: Session, rt: Runtime, pending: StaffPendingSignIn, user: User, address: str
) -> NoReturn:
    """Count the wrong code, end the pending sign-in at the limit, and keep both although the
    answer is an error."""
    pending.wrong_codes += 1
    burned = pending.wrong_codes >= WRONG_CODES
    if burned:
        pending.ended_at = rt.clock.now()
    _fail(db, rt, user, user.email, "wrong-code", address)
    raise refusals.too_many_wrong_codes() if burned else refusals.invalid_code()


def _fail(
    db: Session, rt: Runtime, user: User | None, target: str, reason: str, address: str
) -> None:
    """Record a failed sign-in and commit it: the error answer would roll it back."""
    actor = None if user is None else audit.Actor(user.id, user.email)
    after = {"reason": reason}
    now = rt.clock.now()
    audit.record(
        db, now, audit.SIGN_IN_FAILED, actor, target_id=target, after=after, address=address
    )
    db.commit()


def _limit_codes(rt: Runtime, address: str, user_id: int) -> None:
    """Code attempts (sign-in, enrolment, step-up) per address and per account, on top of the
    five a pending sign-in takes: new pending sign-ins do not buy more guesses."""
    settings = rt.settings
    window = settings.rate_limit_window_seconds
    enforce(rt.rate_limiter, f"staff-code:ip:{address}", settings.rate_limit_per_address, window)
    enforce(rt.rate_limiter, f"staff-code:acct:{user_id}", settings.rate_limit_per_account, window)
