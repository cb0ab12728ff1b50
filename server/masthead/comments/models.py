"""The comments table: every reader's comment and reply under a story, in every status.

One table holds the whole thread: a reply names its parent comment (`parent_id`), so threads
go as deep as the client draws them (the issue asks for two levels at least). A comment is
never removed when it is taken down: its status changes (moderation keeps what it judged,
and a deleted comment with replies keeps its place in the thread).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    SmallInteger,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

# What is stored in `status`. Only a published comment is counted and shown to readers.
PUBLISHED = "published"
PENDING = "pending"  # waits for a moderator (pre-moderation)
REJECTED = "rejected"  # a moderator refused it
DELETED = "deleted"  # its author (or staff) took it down
STATUSES = (PUBLISHED, PENDING, REJECTED, DELETED)

# Limits of the columns (the service checks them first, with clear messages).
SPOT_ID_LENGTH = 64  # OpenWeb's spot ids are short: "sp_" and a few letters
BODY_LENGTH = 10_000  # the column's room; the comment rule is shorter and the service's


class Comment(Base):
    __tablename__ = "comments"
    __table_args__ = (
        CheckConstraint(
            "status IN (" + ", ".join(f"'{status}'" for status in STATUSES) + ")",
            name="status",
        ),
        # The counts call (every home, section and story page) asks, per spot and post,
        # how many are published: all three columns in one index, so PostgreSQL answers
        # from the index alone (an index-only scan) and SQLite from the covering index.
        Index("ix_comments_spot_id_post_id_status", "spot_id", "post_id", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The comments service's site (the brand's spot id) and the story's post id: the pair
    # the spec's calls name a conversation by. A story that is deleted takes its comments.
    spot_id: Mapped[str] = mapped_column(String(SPOT_ID_LENGTH))
    post_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("articles.post_id", ondelete="CASCADE")
    )
    # The comment this one answers; None for a comment on the story itself.
    parent_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("comments.id", ondelete="CASCADE"), nullable=True, index=True
    )
    # Its author; None once the account is erased (the thread keeps the place of the reply).
    author_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    body: Mapped[str] = mapped_column(Text)  # plain text: escaped wherever it is shown
    status: Mapped[str] = mapped_column(String(16))  # one of STATUSES
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    edited_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Why pre-moderation held it (one of HELD_REASONS), for the moderators' queue; None when
    # it was published at once.
    held_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # A moderator's pick: featured comments lead the "best" order and carry a badge.
    featured_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # Counters kept with each opinion's change (one UPDATE ... SET n = n + 1 in the same
    # transaction), so the public thread reads them without joining every vote.
    up_votes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    down_votes: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    hearts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    open_reports: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


# Why a comment waits for a moderator (Comment.held_reason).
HELD_REASONS = ("all", "first-comment", "suspect-word", "link", "repeated")


class CommentOpinion(Base):
    """One reader's opinion of one comment: a vote (+1 up, -1 down, 0 none) and the heart
    reaction. One row per reader and comment; the comment's counters follow it."""

    __tablename__ = "comment_opinions"
    __table_args__ = (CheckConstraint("vote IN (-1, 0, 1)", name="vote"),)

    comment_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("comments.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    vote: Mapped[int] = mapped_column(SmallInteger, default=0)
    heart: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


REPORT_REASONS = ("spam", "abuse", "harassment", "misinformation", "other")
REPORT_NOTE_LENGTH = 500


class CommentReport(Base):
    """A reader's report of a comment, for the moderators' queue. One per reader and comment;
    resolved when a moderator acts on the comment."""

    __tablename__ = "comment_reports"
    __table_args__ = (UniqueConstraint("comment_id", "reporter_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    comment_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("comments.id", ondelete="CASCADE"), index=True
    )
    reporter_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    reason: Mapped[str] = mapped_column(String(32))  # one of REPORT_REASONS
    note: Mapped[str] = mapped_column(String(REPORT_NOTE_LENGTH), default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    resolved_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


# Who may comment on a site (CommentSiteSettings.who_may_comment), and its pre-moderation.
WHO_MAY_COMMENT = ("nobody", "signed-in", "members")
PREMODERATION = ("none", "first-comments", "all")


class CommentSiteSettings(Base):
    """A site's comment rules, by its spot id. A spot without a row has the defaults
    (comments.settings: signed-in readers, first comments of new commenters held)."""

    __tablename__ = "comment_site_settings"

    spot_id: Mapped[str] = mapped_column(String(SPOT_ID_LENGTH), primary_key=True)
    who_may_comment: Mapped[str] = mapped_column(String(16))
    premoderation: Mapped[str] = mapped_column(String(16))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)


class CommentBan(Base):
    """A reader a moderator banned from commenting (on every site), until `expires_at` if set."""

    __tablename__ = "comment_bans"

    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    reason: Mapped[str] = mapped_column(String(500), default="")
    banned_by: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the staff id
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class CommentSsoCode(Base):
    """One single sign-on hand-over (spec section 7): the comments client's code_a, bound to
    the browser that asked for it; the page's POST .../openweb-v2/sso binds it to the signed-in
    reader and answers codeB; the client redeems codeB once for a comments session. Hashes
    only: a code read from the database cannot be used."""

    __tablename__ = "comment_sso_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code_a_hash: Mapped[str] = mapped_column(String(64), unique=True)
    browser_hash: Mapped[str] = mapped_column(String(64))  # the binding cookie's hash
    user_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True
    )
    auth_session_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("auth_sessions.id", ondelete="CASCADE"), nullable=True
    )
    code_b_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    redeemed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class CommentSession(Base):
    """A comments session: the reader's Masthead session seen by the comments service. It
    ends with that session (logout, revocation: the foreign key's cascade and the check on
    every use) or on the comments logout."""

    __tablename__ = "comment_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    auth_session_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("auth_sessions.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


NOTIFICATION_KINDS = ("reply", "mention", "like", "follower")


class CommentNotification(Base):
    """Something a commenter is told in the page (and by mail, as the profile's
    notification-* keys allow): a reply to their comment, a mention, a heart, a new follower."""

    __tablename__ = "comment_notifications"
    __table_args__ = (Index("ix_comment_notifications_user_id_read_at", "user_id", "read_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, ForeignKey("users.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))  # one of NOTIFICATION_KINDS
    comment_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("comments.id", ondelete="CASCADE"), nullable=True
    )
    actor_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)


class CommenterFollow(Base):
    """A reader following a commenter (the "follower" notification)."""

    __tablename__ = "commenter_follows"

    follower_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    followed_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
