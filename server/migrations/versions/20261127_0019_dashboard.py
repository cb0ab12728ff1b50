"""dashboard: membership_status_changes, every change of a subscription's status, backfilled

Revision ID: 0019
Revises: 0018
Create Date: 2026-11-27 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "membership_status_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.String(length=36), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("changed_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["billing_subscriptions.id"],
            name=op.f("fk_membership_status_changes_subscription_id_billing_subscriptions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_membership_status_changes")),
    )
    with op.batch_alter_table("membership_status_changes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_membership_status_changes_changed_at"), ["changed_at"], unique=False
        )
        batch_op.create_index(
            "ix_membership_status_changes_subscription_id_changed_at",
            ["subscription_id", "changed_at"],
            unique=False,
        )
    _backfill()


def _backfill() -> None:
    # Only each subscription's status now is known: its first status is recorded at
    # created_at (Pending for one created to start later without a trial, as the gateway
    # makes it, else Active), and its status now at updated_at when it differs.
    if op.get_bind().dialect.name == "postgresql":
        created_day = "CAST(created_at AT TIME ZONE 'UTC' AS DATE)"
    else:  # SQLite keeps UTC date-times as text that date() reads
        created_day = "date(created_at)"
    first = (
        f"CASE WHEN NOT trial_period AND first_billing_date > {created_day} "
        "THEN 'Pending' ELSE 'Active' END"
    )
    op.execute(
        "INSERT INTO membership_status_changes (subscription_id, status, changed_at) "  # noqa: S608 (no input)
        f"SELECT id, {first}, created_at FROM billing_subscriptions"
    )
    op.execute(
        "INSERT INTO membership_status_changes (subscription_id, status, changed_at) "  # noqa: S608 (no input)
        "SELECT id, status, "
        "CASE WHEN updated_at > created_at THEN updated_at ELSE created_at END "
        f"FROM billing_subscriptions WHERE status <> {first}"
    )


def downgrade() -> None:
    with op.batch_alter_table("membership_status_changes", schema=None) as batch_op:
        batch_op.drop_index("ix_membership_status_changes_subscription_id_changed_at")
        batch_op.drop_index(batch_op.f("ix_membership_status_changes_changed_at"))
    op.drop_table("membership_status_changes")
