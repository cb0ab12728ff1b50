"""What a moderator decides about one comment: approve, reject, feature, unfeature, dismiss
its reports. Each decision locks the comment, checks it still applies (another moderator may
have acted a moment ago: 409, reload), changes it, and writes the audit log in the same
transaction.

A decision that changes what readers see of the thread bumps the thread's version, so its
kept first pages are rebuilt on the next read (comments/cached_pages). Acting on a comment
settles its readers' reports: approving or rejecting it is the answer to
them. An approved comment is published as one posted without pre-moderation is: the
notifications are told in the same transaction.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.comments.cached_pages.service import thread_changed
from masthead.comments.console import queue, refusals, repository
from masthead.comments.console.schemas import ActionOut
from masthead.comments.models import DELETED, PENDING, PUBLISHED, REJECTED, Comment
from masthead.comments.notifications import service as notifications
from masthead.deps import Runtime
from masthead.staff.api import SignedInStaff, record_action

COMMENT = "comment"  # the audit entries' target_type


def audit(
    db: Session,
    rt: Runtime,
    staff: SignedInStaff,
    action: str,
    address: str,
    *,
    target_type: str,
    target_id: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    record_action(
        db,
        rt.clock.now(),
        f"comments.{action}",
        staff.actor,
        target_type=target_type,
        target_id=target_id,
        before=before,
        after=after,
        address=address,
    )


def _state(comment: Comment) -> dict[str, Any]:
    """What the audit log keeps of a comment before and after a decision."""
    return {
        "status": comment.status,
        "featured": comment.featured_at is not None,
        "open_reports": comment.open_reports,
        "author": comment.author_id,
        "story": comment.post_id,
        "body": comment.body[:500],
    }


def _locked(db: Session, comment_id: int) -> Comment:
    comment = repository.comment_for_update(db, comment_id)
    if comment is None:
        raise refusals.comment_not_found()
    if comment.status == DELETED:
        raise refusals.deleted()
    return comment


def _done(
    db: Session,
    rt: Runtime,
    staff: SignedInStaff,
    address: str,
    action: str,
    comment: Comment,
    before: dict[str, Any],
    message: str,
    *,
    thread_shows_it: bool = True,
) -> ActionOut:
    db.flush()
    if thread_shows_it:  # the kept first pages of the story's thread are rebuilt
        thread_changed(db, comment.spot_id, comment.post_id)
    audit(
        db,
        rt,
        staff,
        action,
        address,
        target_type=COMMENT,
        target_id=str(comment.id),
        before=before,
        after=_state(comment),
    )
    return ActionOut(message=message, comment=queue.item(db, rt.clock.now(), comment.id))


def approve(
    db: Session, rt: Runtime, staff: SignedInStaff, comment_id: int, address: str
) -> ActionOut:
    """A pending comment published: counted and shown from now on."""
    comment = _locked(db, comment_id)
    if comment.status != PENDING:
        raise refusals.not_pending(comment.status)
    before = _state(comment)
    comment.status = PUBLISHED
    repository.resolve_reports(db, comment, rt.clock.now())
    db.flush()
    notifications.comment_published(db, rt, comment)
    return _done(db, rt, staff, address, "approved", comment, before, "Approved: it is published.")


def reject(
    db: Session, rt: Runtime, staff: SignedInStaff, comment_id: int, address: str
) -> ActionOut:
    """A pending or published comment taken off the thread for good (its replies with it:
    nothing hangs from a comment readers cannot see)."""
    comment = _locked(db, comment_id)
    if comment.status == REJECTED:
        raise refusals.already_rejected()
    before = _state(comment)
    comment.status = REJECTED
    comment.featured_at = None
    repository.resolve_reports(db, comment, rt.clock.now())
    return _done(
        db, rt, staff, address, "rejected", comment, before, "Rejected: readers no longer see it."
    )


def feature(
    db: Session, rt: Runtime, staff: SignedInStaff, comment_id: int, address: str, on: bool
) -> ActionOut:
    """A published comment featured (it leads the "best" order, with a badge), or no longer.
    Asking again for what is so already changes nothing and is not logged."""
    comment = _locked(db, comment_id)
    if comment.status != PUBLISHED:
        raise refusals.not_published(comment.status)
    message = "Featured: it leads the thread." if on else "No longer featured."
    if (comment.featured_at is not None) == on:
        return ActionOut(message=message, comment=queue.item(db, rt.clock.now(), comment.id))
    before = _state(comment)
    comment.featured_at = rt.clock.now() if on else None
    action = "featured" if on else "unfeatured"
    return _done(db, rt, staff, address, action, comment, before, message)


def dismiss_reports(
    db: Session, rt: Runtime, staff: SignedInStaff, comment_id: int, address: str
) -> ActionOut:
    """A reported comment kept as it is: its open reports are settled."""
    comment = _locked(db, comment_id)
    if comment.open_reports == 0:
        raise refusals.no_open_reports()
    before = _state(comment)
    repository.resolve_reports(db, comment, rt.clock.now())
    message = "Reports dismissed: the comment stays published."
    return _done(
        db,
        rt,
        staff,
        address,
        "reports_dismissed",
        comment,
        before,
        message,
        thread_shows_it=False,  # readers see nothing of the reports
    )
