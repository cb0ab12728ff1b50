"""The articles table."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime

FREE = "free"
MEMBERS = "members"


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

    post_id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    content_id: Mapped[str] = mapped_column(String(64), unique=True)
    brand: Mapped[str] = mapped_column(String(16))
    slug: Mapped[str] = mapped_column(String(200))
    headline: Mapped[str] = mapped_column(String(300))
    standfirst: Mapped[str] = mapped_column(String(600))
    author: Mapped[str] = mapped_column(String(120))
    section: Mapped[str] = mapped_column(String(60))
    published_at: Mapped[datetime] = mapped_column(UTCDateTime)
    teaser_html: Mapped[str] = mapped_column(Text)
    body_html: Mapped[str] = mapped_column(Text)
    access: Mapped[str] = mapped_column(String(16))  # FREE or MEMBERS
    comments_spot_id: Mapped[str] = mapped_column(String(64))
