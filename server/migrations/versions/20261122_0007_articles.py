"""articles: the publisher's stories per brand, the teaser apart from the members-only body

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-22 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "articles",
        sa.Column("post_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("content_id", sa.String(length=64), nullable=False),
        sa.Column("brand", sa.String(length=16), nullable=False),
        sa.Column("slug", sa.String(length=200), nullable=False),
        sa.Column("headline", sa.String(length=300), nullable=False),
        sa.Column("standfirst", sa.String(length=600), nullable=False),
        sa.Column("author", sa.String(length=120), nullable=False),
        sa.Column("section", sa.String(length=60), nullable=False),
        sa.Column("published_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("teaser_html", sa.Text(), nullable=False),
        sa.Column("body_html", sa.Text(), nullable=False),
        sa.Column("access", sa.String(length=16), nullable=False),
        sa.Column("comments_spot_id", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("post_id", name=op.f("pk_articles")),
        sa.UniqueConstraint("brand", "slug", name="uq_articles_brand_slug"),
        sa.UniqueConstraint("content_id", name=op.f("uq_articles_content_id")),
    )
    op.create_index(
        "ix_articles_brand_published_at", "articles", ["brand", "published_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index("ix_articles_brand_published_at", table_name="articles")
    op.drop_table("articles")
