"""static pages: each brand's membership terms, terms and privacy pages, editable without a
deploy, seeded with their built-in text

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22 18:00:00
"""

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

import masthead.db
from masthead.site.brands import BRANDS
from masthead.site.static_pages.defaults import PATHS, default_page

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    table = op.create_table(
        "static_pages",
        sa.Column("brand", sa.String(length=16), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=120), nullable=False),
        sa.Column("body_html", sa.Text(), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("brand", "slug", name=op.f("pk_static_pages")),
    )
    # The text the pages show until an operator changes it (also their fallback, so a
    # deleted row shows it again), stored so the table holds every page from the start.
    now = datetime.now(UTC)
    rows = []
    for brand in BRANDS.values():
        for slug in PATHS:
            text = default_page(brand, slug)
            rows.append(
                {
                    "brand": brand.key,
                    "slug": slug,
                    "title": text.title,
                    "body_html": text.body_html,
                    "updated_at": now,
                }
            )
    op.bulk_insert(table, rows)


def downgrade() -> None:
    op.drop_table("static_pages")
