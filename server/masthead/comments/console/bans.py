"""Bans: a reader a moderator stops commenting (on every site), for some days or until a
moderator lifts it. The writing service refuses a banned reader's comments (comments/writing);
this is where moderators give, list and lift bans, each audited with the reader's account."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session

from masthead.comments.console import refusals, repository
from masthead.comments.console.schemas import BanIn, BanList, BanOut
from masthead.comments.console.service import audit
from masthead.comments.models import CommentBan
from masthead.comments.thread import author_view
from masthead.deps import Runtime
from masthead.identity.api import User
from masthead.staff.api import SignedInStaff

ACCOUNT = "account"  # the audit entries' target_type: target_id is the reader's email


def _view(ban: CommentBan, email: str, profile: dict[str, Any] | None, by: str | None) -> BanOut:
    return BanOut(
        user_id=ban.user_id,
        display_name=author_view(ban.user_id, profile)["display_name"],
        email=email,
        reason=ban.reason,
        banned_by=by,
        created_at=ban.created_at,
        expires_at=ban.expires_at,
    )


def _kept(ban: CommentBan | None) -> dict[str, Any] | None:
    if ban is None:
        return None
    expires = None if ban.expires_at is None else ban.expires_at.isoformat()
    return {"banned": True, "reason": ban.reason, "expires_at": expires}


def listing(db: Session, rt: Runtime) -> BanList:
    rows = repository.bans_in_force(db, rt.clock.now())
    return BanList(items=[_view(*row) for row in rows])


def _whom(db: Session, asked: BanIn) -> User:
    if (asked.user_id is None) == (asked.comment_id is None):
        raise refusals.ban_whom()
    user_id = asked.user_id
    if asked.comment_id is not None:
        row = repository.queue_row(db, asked.comment_id)
        if row is None:
            raise refusals.comment_not_found()
        user_id = row.comment.author_id
        if user_id is None:
            raise refusals.no_author()
    assert user_id is not None
    user = repository.user(db, user_id)
    if user is None:
        raise refusals.reader_not_found()
    return user


def give(
    db: Session, rt: Runtime, staff: SignedInStaff, asked: BanIn, address: str
) -> tuple[BanOut, bool]:
    """The reader banned (a ban they have already is replaced by this one); whether the
    ban is new."""
    user = _whom(db, asked)
    now = rt.clock.now()
    ban = repository.ban(db, user.id)
    in_force = ban is not None and (ban.expires_at is None or ban.expires_at > now)
    before = _kept(ban) if in_force else None
    if ban is None:
        ban = CommentBan(user_id=user.id)
        db.add(ban)
    ban.reason = asked.reason
    ban.banned_by = staff.user_id
    ban.created_at = now
    ban.expires_at = None if asked.days is None else now + timedelta(days=asked.days)
    db.flush()
    audit(
        db,
        rt,
        staff,
        "commenter_banned",
        address,
        target_type=ACCOUNT,
        target_id=user.email,
        before={"reader": user.id, **(before or {"banned": False})},
        after={"reader": user.id, **(_kept(ban) or {})},
    )
    profile = user.profile.attributes if user.profile is not None else None
    return _view(ban, user.email, profile, staff.email), not in_force


def lift(db: Session, rt: Runtime, staff: SignedInStaff, user_id: int, address: str) -> None:
    ban = repository.ban(db, user_id)
    now = rt.clock.now()
    if ban is None or (ban.expires_at is not None and ban.expires_at <= now):
        raise refusals.not_banned()
    user = repository.user(db, user_id)
    assert user is not None  # the ban's foreign key
    before = _kept(ban)
    repository.remove_ban(db, user_id)
    audit(
        db,
        rt,
        staff,
        "ban_lifted",
        address,
        target_type=ACCOUNT,
        target_id=user.email,
        before={"reader": user.id, **(before or {})},
        after={"reader": user.id, "banned": False},
    )
