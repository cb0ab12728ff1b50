"""stories publishing: status, undated drafts, first published, created/updated and by whom

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-27 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.add_column(sa.Column("status", sa.String(length=16), nullable=True))
        batch_op.add_column(
            sa.Column("first_published_at", masthead.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(
            sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(
            sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(sa.Column("updated_by", sa.String(length=320), nullable=True))
    # Every story so far is on the site: published since its date.
    op.execute(
        "UPDATE articles SET status = 'published', first_published_at = published_at, "
        "created_at = published_at, updated_at = published_at"
    )
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.alter_column("status", existing_type=sa.String(length=16), nullable=False)
        batch_op.alter_column(
            "created_at", existing_type=masthead.db.UTCDateTime(timezone=True), nullable=False
        )
        batch_op.alter_column(
            "updated_at", existing_type=masthead.db.UTCDateTime(timezone=True), nullable=False
        )
        batch_op.alter_column(
            "published_at", existing_type=masthead.db.UTCDateTime(timezone=True), nullable=True
        )


def downgrade() -> None:
    # Before this revision every stored story was on the site: the stories that are not
    # (drafts, unpublished or still scheduled ones) go, rather than appear.
    op.execute(
        "DELETE FROM articles WHERE status <> 'published' OR published_at IS NULL "
        "OR published_at > CURRENT_TIMESTAMP"
    )
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.alter_column(
            "published_at", existing_type=masthead.db.UTCDateTime(timezone=True), nullable=False
        )
        batch_op.drop_column("updated_by")
        batch_op.drop_column("updated_at")
        batch_op.drop_column("created_at")
        batch_op.drop_column("first_published_at")
        batch_op.drop_column("status")
