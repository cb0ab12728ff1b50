"""billing: the plan catalogue, readers' gateway customers, local subscription copies

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 08:55:40.728729
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "billing_plans",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("product_id", sa.String(length=64), nullable=False),
        sa.Column("frequency", sa.Integer(), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("normal_amount", sa.BigInteger(), nullable=True),
        sa.Column("first_billing_date", sa.Date(), nullable=True),
        sa.Column("next_billing_date", sa.Date(), nullable=True),
        sa.Column("step_up_amount", sa.BigInteger(), nullable=True),
        sa.Column("step_up_date", sa.Date(), nullable=True),
        sa.Column("trial_duration", sa.Integer(), nullable=False),
        sa.Column("trial_duration_unit", sa.String(length=8), nullable=False),
        sa.Column("featured", sa.Boolean(), nullable=False),
        sa.Column("card_heading", sa.String(length=200), nullable=False),
        sa.Column("curation", sa.String(length=1000), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_billing_plans")),
    )
    op.create_table(
        "billing_customers",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("customer_id", sa.String(length=36), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("subscribe_claimed_until", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_billing_customers_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_billing_customers")),
        sa.UniqueConstraint("customer_id", name=op.f("uq_billing_customers_customer_id")),
    )
    op.create_table(
        "billing_subscriptions",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("plan_id", sa.String(length=64), nullable=False),
        sa.Column("plan_name", sa.String(length=200), nullable=False),
        sa.Column("product_id", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("price", sa.BigInteger(), nullable=False),
        sa.Column("payment_method_token", sa.String(length=64), nullable=False),
        sa.Column("first_billing_date", sa.Date(), nullable=True),
        sa.Column("next_billing_date", sa.Date(), nullable=True),
        sa.Column("paid_through_date", sa.Date(), nullable=True),
        sa.Column("trial_period", sa.Boolean(), nullable=False),
        sa.Column("trial_duration", sa.Integer(), nullable=False),
        sa.Column("current_billing_cycle", sa.Integer(), nullable=False),
        sa.Column("transactions", sa.JSON(), nullable=False),
        sa.Column("cancel_reason", sa.String(length=200), nullable=False),
        sa.Column("cancel_reason_text", sa.String(length=1000), nullable=False),
        sa.Column("converted_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_billing_subscriptions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_billing_subscriptions")),
    )
    with op.batch_alter_table("billing_subscriptions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_billing_subscriptions_user_id"), ["user_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("billing_subscriptions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_billing_subscriptions_user_id"))

    op.drop_table("billing_subscriptions")
    op.drop_table("billing_customers")
    op.drop_table("billing_plans")
