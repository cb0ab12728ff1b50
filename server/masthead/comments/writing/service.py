"""Readers writing in the comments: their state on a story, posting, replying, editing,
deleting, votes, hearts and reports. The pure rules are writing/rules.py; this module reads
the facts they need and keeps each change and its counters in one transaction."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing import api as billing
from masthead.comments import repository as comment_rows
from masthead.comments import service as comments
from masthead.comments.cached_pages.service import thread_changed
from masthead.comments.models import DELETED, PENDING, PUBLISHED, Comment
from masthead.comments.notifications import service as notifications
from masthead.comments.site_rules import read_site_rules
from masthead.comments.thread import author_view, comment_view
from masthead.comments.writing import repository, rules
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import HOME_DELIVERY_PRODUCT_ID, reader_of
from masthead.moderation.api import edited_lists, suspect_word, text_refusal

REPEAT_WINDOW = timedelta(hours=24)  # the same words again within a day are refused
READER_WINDOW_SECONDS = 60  # MASTHEAD_COMMENTS_PER_READER's window
ADDRESS_WINDOW_SECONDS = 600  # MASTHEAD_COMMENTS_PER_ADDRESS's window

STORY_NOT_FOUND = "We can't find this story's comments. Please reload the page and try again."
PARENT_NOT_FOUND = "The comment you're replying to is no longer available."
NOT_YOURS_EDIT = "You can only edit your own comments."
NOT_YOURS_DELETE = "You can only delete your own comments."
OWN_VOTE = "You can't vote on your own comment."
OWN_HEART = "You can't give a heart to your own comment."
OWN_REPORT = "You can't report your own comment."
REPORTED = "Thanks for telling us. A moderator will look at this comment."


def _refuse(refusal: rules.Refusal) -> ApiError:
    return ApiError(refusal.status, refusal.type, refusal.message)


def _too_fast(rt: Runtime, key: str, limit: int, window: int) -> None:
    wait = rt.rate_limiter.hit(key, limit, window)
    if wait:
        raise ApiError(
            429,
            "too-many-requests",
            f"You're commenting too fast. Please wait {wait} seconds.",
            headers={"Retry-After": str(wait)},
        )


def limit_actions(rt: Runtime, user_id: int) -> None:
    """Edits, deletions, votes, hearts and reports: per reader, per minute."""
    limit = rt.settings.comment_actions_per_reader
    _too_fast(rt, f"comment-actions:user:{user_id}", limit, READER_WINDOW_SECONDS)


def _limit_posts(rt: Runtime, user_id: int, address: str) -> None:
    settings = rt.settings
    _too_fast(rt, f"comments:user:{user_id}", settings.comments_per_reader, READER_WINDOW_SECONDS)
    _too_fast(rt, f"comments:ip:{address}", settings.comments_per_address, ADDRESS_WINDOW_SECONDS)


def _is_member(db: Session, rt: Runtime, user_id: int) -> bool:
    """Billing's answer, as the paywall decides entitlement: a member-like status from the
    subscriptions, or print home delivery."""
    user = repository.user(db, user_id)
    if user is None:
        return False
    reader = reader_of(db, user)
    facts = billing.account_facts(db, rt, reader)
    products = [HOME_DELIVERY_PRODUCT_ID] if reader.home_delivery else []
    return billing.is_member(facts.status, products)


def commenting_refusal(
    db: Session, rt: Runtime, spot_id: str, user_id: int
) -> rules.Refusal | None:
    """Why this commenter may not comment on the site now, or None."""
    site = read_site_rules(db, spot_id)
    if site.who_may_comment == "nobody":  # no need to read more
        return rules.commenting_refusal("nobody", banned=False, member=False)
    banned = repository.banned(db, user_id, rt.clock.now())
    member = site.who_may_comment == "members" and not banned and _is_member(db, rt, user_id)
    return rules.commenting_refusal(site.who_may_comment, banned=banned, member=member)


def _story(db: Session, spot_id: str, post_id: int | str) -> int:
    number = comments.story_post_id(str(post_id))
    if number is None or not repository.story_in_spot(db, spot_id, number):
        raise ApiError(404, "story-not-found", STORY_NOT_FOUND)
    return number


def _checked_body(db: Session, body: str) -> tuple[str, Any]:
    """The trimmed body, once it passes the body rules and the profanity check."""
    refusal = rules.body_refusal(body)
    if refusal is not None:
        raise _refuse(refusal)
    text = body.strip()
    lists = edited_lists(db)
    profane = text_refusal(text, "Your comment", lists)
    if profane is not None:
        raise ApiError(400, "profane-text", profane)
    return text, lists


def _refuse_repeat(
    db: Session, rt: Runtime, user_id: int, text: str, leave_out: int | None = None
) -> None:
    since = rt.clock.now() - REPEAT_WINDOW
    words = rules.normalised(text)
    if any(
        rules.normalised(b) == words
        for b in repository.recent_bodies(db, user_id, since, leave_out)
    ):
        raise ApiError(400, "repeated-comment", rules.REPEATED)


def _hold(db: Session, spot_id: str, user_id: int, text: str, lists: Any) -> str | None:
    return rules.hold_reason(
        read_site_rules(db, spot_id).premoderation,
        published_before=repository.has_published(db, user_id),
        suspect=suspect_word(text, lists),
        links=rules.link_count(text),
    )


def _written(db: Session, written: Comment) -> dict[str, Any]:
    profile = (
        None
        if written.author_id is None
        else comment_rows.profile_attributes(db, written.author_id)
    )
    status = PUBLISHED if written.status == PUBLISHED else PENDING
    return {
        "comment": comment_view(repository.row_of(written, profile), []),
        "status": status,
        "message": rules.PENDING_MESSAGE if status == PENDING else None,
    }


def post(
    db: Session,
    rt: Runtime,
    user_id: int,
    address: str,
    *,
    spot_id: str,
    post_id: int | str,
    parent_id: int | None,
    body: str,
) -> dict[str, Any]:
    story = _story(db, spot_id, post_id)
    refusal = commenting_refusal(db, rt, spot_id, user_id)
    if refusal is not None:
        raise _refuse(refusal)
    text, lists = _checked_body(db, body)
    if parent_id is not None:
        parent = repository.comment(db, parent_id)
        if (
            parent is None
            or parent.spot_id != spot_id
            or parent.post_id != story
            or parent.status != PUBLISHED
        ):
            raise ApiError(404, "comment-not-found", PARENT_NOT_FOUND)
    _refuse_repeat(db, rt, user_id, text)
    _limit_posts(rt, user_id, address)
    held = _hold(db, spot_id, user_id, text, lists)
    written = comment_rows.add_comment(
        db,
        spot_id=spot_id,
        post_id=story,
        parent_id=parent_id,
        author_id=user_id,
        body=text,
        status=PENDING if held else PUBLISHED,
        held_reason=held,
        now=rt.clock.now(),
    )
    if held is None:
        notifications.comment_published(db, rt, written)
    return _written(db, written)


def _own(db: Session, comment_id: int, user_id: int, not_yours: str) -> Comment:
    found = repository.comment(db, comment_id, lock=True)
    if found is None or (found.status == DELETED and found.author_id != user_id):
        raise comments.comment_gone()
    if found.author_id != user_id:
        raise ApiError(403, "not-your-comment", not_yours)
    return found


def edit(db: Session, rt: Runtime, user_id: int, comment_id: int, body: str) -> dict[str, Any]:
    """The reader's own comment, rewritten: the same checks as posting. A published comment
    whose new words pre-moderation would hold waits again; a waiting one keeps waiting."""
    limit_actions(rt, user_id)
    found = _own(db, comment_id, user_id, NOT_YOURS_EDIT)
    if found.status not in (PUBLISHED, PENDING):
        raise comments.comment_gone()
    refusal = commenting_refusal(db, rt, found.spot_id, user_id)
    if refusal is not None:
        raise _refuse(refusal)
    text, lists = _checked_body(db, body)
    _refuse_repeat(db, rt, user_id, text, leave_out=found.id)
    if found.status == PUBLISHED:
        held = _hold(db, found.spot_id, user_id, text, lists)
        if held is not None:
            found.status, found.held_reason = PENDING, held
    found.body, found.edited_at = text, rt.clock.now()
    db.flush()
    thread_changed(db, found.spot_id, found.post_id)
    return _written(db, found)


def delete(db: Session, rt: Runtime, user_id: int, comment_id: int) -> None:
    """The reader's own comment, taken down (deleting it again changes nothing)."""
    limit_actions(rt, user_id)
    found = _own(db, comment_id, user_id, NOT_YOURS_DELETE)
    if found.status != DELETED:
        found.status = DELETED
        thread_changed(db, found.spot_id, found.post_id)


def _published(db: Session, comment_id: int) -> Comment:
    found = repository.comment(db, comment_id)
    if found is None or found.status != PUBLISHED:
        raise comments.comment_gone()
    return found


def vote(db: Session, rt: Runtime, user_id: int, comment_id: int, value: int) -> dict[str, int]:
    limit_actions(rt, user_id)
    found = _published(db, comment_id)
    if found.author_id == user_id:
        raise ApiError(403, "own-comment", OWN_VOTE)
    now = rt.clock.now()
    opinion = repository.opinion(db, comment_id, user_id, now)
    before = opinion.vote
    if before != value:
        up = (value == 1) - (before == 1)
        down = (value == -1) - (before == -1)
        opinion.vote, opinion.updated_at = value, now
        repository.bump(db, comment_id, up_votes=up, down_votes=down)
        db.flush()
        thread_changed(db, found.spot_id, found.post_id)
    up_votes, down_votes, _ = repository.counters(db, comment_id)
    return {"up_votes": up_votes, "down_votes": down_votes, "vote": value}


def heart(db: Session, rt: Runtime, user_id: int, comment_id: int, given: bool) -> dict[str, Any]:
    limit_actions(rt, user_id)
    found = _published(db, comment_id)
    if found.author_id == user_id:
        raise ApiError(403, "own-comment", OWN_HEART)
    now = rt.clock.now()
    opinion = repository.opinion(db, comment_id, user_id, now)
    if opinion.heart != given:
        opinion.heart, opinion.updated_at = given, now
        repository.bump(db, comment_id, hearts=1 if given else -1)
        db.flush()
        thread_changed(db, found.spot_id, found.post_id)
        if given:
            notifications.heart_given(db, rt, found, user_id)
    _, _, hearts = repository.counters(db, comment_id)
    return {"hearts": hearts, "heart": given}


def report(
    db: Session, rt: Runtime, user_id: int, comment_id: int, reason: str, note: str
) -> dict[str, str]:
    """The reader's report, for the moderators' queue: counted once per reader."""
    limit_actions(rt, user_id)
    found = _published(db, comment_id)
    if found.author_id == user_id:
        raise ApiError(403, "own-comment", OWN_REPORT)
    new = repository.add_report(
        db,
        comment_id=comment_id,
        reporter_id=user_id,
        reason=reason,
        note=note.strip(),
        now=rt.clock.now(),
    )
    if new:
        repository.bump(db, comment_id, open_reports=1)
    return {"message": REPORTED}


def me(
    db: Session,
    rt: Runtime,
    *,
    signed_in: bool,
    user_id: int | None,
    spot_id: str,
    post_id: str,
) -> dict[str, Any]:
    """The reader's state on a story: who they are in the comments, whether they may comment
    (and why not), their opinions, their own comments and those waiting for a moderator."""
    state: dict[str, Any] = {
        "signed_in": signed_in,
        "commenter": None,
        "may_comment": False,
        "refusal": rules.SIGN_IN_REQUIRED,
        "opinions": {},
        "own": [],
        "pending": [],
        "followed": [],
        "unread_notifications": 0,
    }
    if user_id is None:
        return state
    refusal = commenting_refusal(db, rt, spot_id, user_id)
    profile = comment_rows.profile_attributes(db, user_id)
    state.update(
        commenter=author_view(user_id, profile),
        may_comment=refusal is None,
        refusal=None if refusal is None else refusal.message,
        unread_notifications=repository.unread_notifications(db, user_id),
    )
    story = comments.story_post_id(post_id)
    if story is None:
        return state
    state["opinions"] = {
        str(comment_id): {"vote": given_vote, "heart": given_heart}
        for comment_id, given_vote, given_heart in repository.opinions_on_story(
            db, user_id, spot_id, story
        )
    }
    state["followed"] = repository.followed_on_story(db, user_id, spot_id, story)
    own = repository.own_on_story(db, user_id, spot_id, story)
    state["own"] = [c.id for c in own]
    state["pending"] = [
        comment_view(repository.row_of(c, profile), []) for c in own if c.status == PENDING
    ]
    return state
