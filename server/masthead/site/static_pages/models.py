"""The static_pages table: one row per brand and page that an operator has edited (or that
the migration seeded); a page without a row shows its built-in default."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class StaticPage(Base):
    __tablename__ = "static_pages"

    brand: Mapped[str] = mapped_column(String(16), primary_key=True)
    slug: Mapped[str] = mapped_column(String(64), primary_key=True)
    title: Mapped[str] = mapped_column(String(120))
    # The publisher's own HTML (checked by masthead/html_rules.py when stored), shown as it is.
    body_html: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime)
