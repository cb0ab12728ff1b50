"""The articles table."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

FREE = "free"
MEMBERS = "members"

# What is stored in `status`. A published story whose published_at is still to come is
# scheduled: nothing has to run when its time comes, since every read of the site asks for
# published stories whose time has come (repository.on_site).
DRAFT = "draft"
PUBLISHED = "published"
UNPUBLISHED = "unpublished"  # was on the site, taken down: kept, so its post_id stays


class Article(Base):
    """One story of one brand.

    `teaser_html` is what every visitor's page shows; `body_html` is the rest of the story,
    released by the content call (to anyone for a free story, to entitled readers for a
    members-only one). The two are stored apart so the teaser can never carry the members'
    part.
    """

    __tablename__ = "articles"
    __table_args__ = (
        UniqueConstraint("brand", "slug", name="uq_articles_brand_slug"),
        Index("ix_articles_brand_published_at", "brand", "published_at"),
    )

    # The comments and their counts key on it: it never changes once given.
    post_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    # The CMS's stable id (the operator API's {id}), the content call's and the console's.
    content_id: Mapped[str] = mapped_column(String(64), unique=True)
    brand: Mapped[str] = mapped_column(String(16))
    slug: Mapped[str] = mapped_column(String(200))
    headline: Mapped[str] = mapped_column(String(300))
    standfirst: Mapped[str] = mapped_column(String(600))
    author: Mapped[str] = mapped_column(String(120))
    section: Mapped[str] = mapped_column(String(60))
    status: Mapped[str] = mapped_column(String(16))  # DRAFT, PUBLISHED or UNPUBLISHED
    # When it goes (or went) on the site, and the date in its address; None: never set.
    published_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    # When it was first on the site, as far as Masthead has seen (set by publishing, or by a
    # later change to a story whose scheduled time had come): a story that never was may be
    # deleted, and taking it off the site again makes it a draft, not "unpublished".
    first_published_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)
    teaser_html: Mapped[str] = mapped_column(Text)
    body_html: Mapped[str] = mapped_column(Text)
    access: Mapped[str] = mapped_column(String(16))  # FREE or MEMBERS
    comments_spot_id: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
    # Who changed it last: a staff member's email, "operator API" or "command line"; None for
    # the seeded stories.
    updated_by: Mapped[str | None] = mapped_column(String(320), nullable=True)
