"""member events (the onboarding's events step)

Revision ID: 0026
Revises: 0025
Create Date: 2026-11-28 02:00:00

The events editors keep for members (title, when in UTC, where, an https link), shown in the
onboarding's events step.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "member_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("starts_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("place", sa.String(length=200), nullable=False),
        sa.Column("link", sa.String(length=2048), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_member_events")),
    )
    op.create_index(
        op.f("ix_member_events_starts_at"), "member_events", ["starts_at"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_member_events_starts_at"), table_name="member_events")
    op.drop_table("member_events")
