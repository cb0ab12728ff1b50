"""Commenters' notifications: a reply, a mention, a heart (a like) and a new follower, each
kept for the page and sent by mail through the outbox in the transaction that causes it.

Each kind is decided by the recipient's profile key (texts.PREFERENCE; false, the default,
means neither in the page nor by mail). Nobody is told of what they did themselves. Each is
told once: a reply or a mention once per comment (a comment published again after an edit
or an approval tells nobody twice), a like once per reader and comment (a heart taken back
and given again), a follower once per reader who follows.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from masthead.articles.api import Article, article_path
from masthead.comments import service as comments
from masthead.comments.models import PUBLISHED, Comment
from masthead.comments.notifications import mentions, repository, texts
from masthead.comments.thread import author_view
from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import read_profile
from masthead.mail.api import send_mail

LISTED = 20  # notifications one call lists, newest first
OWN_COMMENT = "You can't follow yourself."


def comment_published(db: Session, rt: Runtime, comment: Comment) -> None:
    """A comment became visible (posted without pre-moderation, or approved): its parent's
    author is told of the reply, and every commenter its body @mentions."""
    writer = comment.author_id
    if comment.status != PUBLISHED or writer is None:
        return
    told: set[int] = set()  # a reader is told of a comment once: the reply, or the mention
    if comment.parent_id is not None:
        parent = db.get(Comment, comment.parent_id)
        if parent is not None and parent.author_id not in (None, writer):
            assert parent.author_id is not None
            if _notify(db, rt, parent.author_id, "reply", comment.id, writer, comment.post_id):
                told.add(parent.author_id)
    if "@" not in comment.body:
        return
    authors = dict(repository.story_authors(db, comment.spot_id, comment.post_id))
    if writer not in authors:
        authors[writer] = repository.profile_of(db, writer) or {}
    names = {
        reader: author_view(reader, profile)["display_name"] for reader, profile in authors.items()
    }
    for reader in mentions.mentioned(comment.body, names, writer_id=writer):
        if reader not in told:
            _notify(db, rt, reader, "mention", comment.id, writer, comment.post_id)


def heart_given(db: Session, rt: Runtime, comment: Comment, actor_id: int) -> None:
    """A reader gave a comment a heart: its author is told (a like)."""
    if comment.author_id is None or comment.author_id == actor_id:
        return
    _notify(db, rt, comment.author_id, "like", comment.id, actor_id, comment.post_id)


def follow_author(db: Session, rt: Runtime, commenter_id: int, comment_id: int) -> bool:
    """Follow the author of a published comment; they are told, once per follower."""
    comment = repository.published_comment(db, comment_id)
    if comment is None or comment.author_id is None:
        raise comments.comment_gone()
    if comment.author_id == commenter_id:
        raise ApiError(403, "own-comment", OWN_COMMENT)
    repository.follow(db, commenter_id, comment.author_id, rt.clock.now())
    _notify(db, rt, comment.author_id, "follower", comment.id, commenter_id, comment.post_id)
    return True


def unfollow_author(db: Session, commenter_id: int, comment_id: int) -> bool:
    """Stop following the author of a comment (any status: one may unfollow the author of a
    comment taken down since). Following nobody already is no error."""
    comment = db.get(Comment, comment_id)
    if comment is None or comment.author_id is None:
        raise comments.comment_gone()
    repository.unfollow(db, commenter_id, comment.author_id)
    return False


def notifications_of(db: Session, rt: Runtime, user_id: int) -> dict[str, Any]:
    """The reader's latest notifications, newest first, and how many are unread."""
    listed = []
    for row in repository.latest(db, user_id, LISTED):
        about = _about(rt, row.actor_id, row.actor_profile, row.story)
        listed.append(
            {
                "id": row.id,
                "kind": row.kind,
                "text": texts.text(row.kind, about),
                "post_url": about.story_url,
                "comment_id": row.comment_id,
                "created_at": row.created_at,
                "read": row.read_at is not None,
            }
        )
    return {"unread": repository.unread_count(db, user_id), "notifications": listed}


def mark_read(db: Session, rt: Runtime, user_id: int) -> None:
    repository.mark_all_read(db, user_id, rt.clock.now())


def _notify(
    db: Session,
    rt: Runtime,
    user_id: int,
    kind: str,
    comment_id: int,
    actor_id: int,
    post_id: int,
) -> bool:
    """Tell the reader, if their profile asks for this kind: a row for the page and a mail.
    True when they are (or were already) told."""
    if user_id == actor_id:
        return False
    recipient = repository.user(db, user_id)
    if recipient is None:
        return False
    profile = read_profile(recipient.profile.attributes if recipient.profile else {})
    if not profile[texts.PREFERENCE[kind]]:
        return False
    # Once per comment for a reply, mention or like; once per follower, whatever the comment.
    once_per = None if kind == "follower" else comment_id
    if repository.notified(db, user_id, kind, comment_id=once_per, actor_id=actor_id):
        return True
    now: datetime = rt.clock.now()
    repository.add_notification(
        db, user_id=user_id, kind=kind, comment_id=comment_id, actor_id=actor_id, now=now
    )
    about = _about(
        rt, actor_id, repository.profile_of(db, actor_id), repository.story_of(db, post_id)
    )
    settings_url = rt.settings.public_url.rstrip("/") + texts.SETTINGS_PAGE
    mail = texts.mail(kind, about, str(profile["first-name"]).strip(), settings_url)
    send_mail(
        db, rt.clock, to=recipient.email, subject=mail.subject, text=mail.text(), html=mail.html()
    )
    return True


def _about(
    rt: Runtime, actor_id: int | None, actor_profile: dict[str, Any] | None, story: Article | None
) -> texts.About:
    name = str(author_view(actor_id, actor_profile)["display_name"])
    path = article_path(story) if story is not None else None
    url = rt.settings.public_url.rstrip("/") + path + "#comments" if path else None
    return texts.About(actor=name, story_title=story.headline if story else None, story_url=url)
