"""home delivery grants and step-up price changes

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-22 14:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "home_delivery",
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("started_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("ended_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("notice_dismissed_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("email"),
    )
    op.create_table(
        "billing_step_up_changes",
        sa.Column("subscription_id", sa.String(length=36), nullable=False),
        sa.Column("step_up_date", sa.Date(), nullable=False),
        sa.Column("plan_id", sa.String(length=64), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("notice_sent_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("applied_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("claimed_until", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(length=500), nullable=True),
        sa.ForeignKeyConstraint(
            ["subscription_id"], ["billing_subscriptions.id"], ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("subscription_id", "step_up_date"),
    )


def downgrade() -> None:
    op.drop_table("billing_step_up_changes")
    op.drop_table("home_delivery")
