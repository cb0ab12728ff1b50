"""payment sandbox: the embedded Braintree sandbox's tables (money in integer cents)

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 08:33:24.764819
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "bt_sandbox_customers",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("email", sa.String(length=255), nullable=False),
        sa.Column("first_name", sa.String(length=255), nullable=False),
        sa.Column("last_name", sa.String(length=255), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bt_sandbox_customers")),
    )
    op.create_table(
        "bt_sandbox_nonces",
        sa.Column("nonce", sa.String(length=64), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("consumed_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("card_type", sa.String(length=64), nullable=True),
        sa.Column("bin", sa.String(length=8), nullable=True),
        sa.Column("last_4", sa.String(length=4), nullable=True),
        sa.Column("expiration_month", sa.Integer(), nullable=True),
        sa.Column("expiration_year", sa.Integer(), nullable=True),
        sa.Column("cardholder_name", sa.String(length=255), nullable=True),
        sa.Column("billing_postal_code", sa.String(length=16), nullable=True),
        sa.Column("email", sa.String(length=255), nullable=True),
        sa.Column("username", sa.String(length=255), nullable=True),
        sa.Column("behaviour", sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint("nonce", name=op.f("pk_bt_sandbox_nonces")),
    )
    op.create_table(
        "bt_sandbox_plans",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("price", sa.BigInteger(), nullable=False),
        sa.Column("billing_frequency", sa.Integer(), nullable=False),
        sa.Column("trial_duration", sa.Integer(), nullable=True),
        sa.Column("trial_duration_unit", sa.String(length=8), nullable=True),
        sa.Column("number_of_billing_cycles", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bt_sandbox_plans")),
    )
    op.create_table(
        "bt_sandbox_subscriptions",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("payment_method_token", sa.String(length=36), nullable=False),
        sa.Column("plan_id", sa.String(length=64), nullable=False),
        sa.Column("price", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("billing_frequency", sa.Integer(), nullable=False),
        sa.Column("billing_day_of_month", sa.Integer(), nullable=False),
        sa.Column("first_billing_date", sa.Date(), nullable=False),
        sa.Column("next_billing_date", sa.Date(), nullable=True),
        sa.Column("paid_through_date", sa.Date(), nullable=True),
        sa.Column("billing_period_start_date", sa.Date(), nullable=True),
        sa.Column("billing_period_end_date", sa.Date(), nullable=True),
        sa.Column("current_billing_cycle", sa.Integer(), nullable=False),
        sa.Column("number_of_billing_cycles", sa.Integer(), nullable=True),
        sa.Column("trial_period", sa.Boolean(), nullable=False),
        sa.Column("trial_duration", sa.Integer(), nullable=True),
        sa.Column("trial_duration_unit", sa.String(length=8), nullable=True),
        sa.Column("failure_count", sa.Integer(), nullable=False),
        sa.Column("balance", sa.BigInteger(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bt_sandbox_subscriptions")),
    )
    with op.batch_alter_table("bt_sandbox_subscriptions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_bt_sandbox_subscriptions_due", ["status", "next_billing_date"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_bt_sandbox_subscriptions_payment_method_token"),
            ["payment_method_token"],
            unique=False,
        )

    op.create_table(
        "bt_sandbox_transactions",
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("subscription_id", sa.String(length=36), nullable=True),
        sa.Column("billing_date", sa.Date(), nullable=True),
        sa.Column("payment_method_token", sa.String(length=36), nullable=False),
        sa.Column("payment_instrument_type", sa.String(length=32), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("processor_response_code", sa.String(length=8), nullable=False),
        sa.Column("processor_response_text", sa.String(length=255), nullable=False),
        sa.Column("gateway_rejection_reason", sa.String(length=32), nullable=True),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("seq", name=op.f("pk_bt_sandbox_transactions")),
        sa.UniqueConstraint("id", name=op.f("uq_bt_sandbox_transactions_id")),
        sa.UniqueConstraint(
            "subscription_id",
            "billing_date",
            name=op.f("uq_bt_sandbox_transactions_subscription_id"),
        ),
    )
    with op.batch_alter_table("bt_sandbox_transactions", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_bt_sandbox_transactions_subscription_id"),
            ["subscription_id"],
            unique=False,
        )

    op.create_table(
        "bt_sandbox_discounts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.String(length=36), nullable=False),
        sa.Column("discount_id", sa.String(length=64), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("number_of_billing_cycles", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["bt_sandbox_subscriptions.id"],
            name=op.f("fk_bt_sandbox_discounts_subscription_id_bt_sandbox_subscriptions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_bt_sandbox_discounts")),
    )
    with op.batch_alter_table("bt_sandbox_discounts", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_bt_sandbox_discounts_subscription_id"), ["subscription_id"], unique=False
        )

    op.create_table(
        "bt_sandbox_payment_methods",
        sa.Column("token", sa.String(length=36), nullable=False),
        sa.Column("customer_id", sa.String(length=36), nullable=False),
        sa.Column("is_default", sa.Boolean(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("card_type", sa.String(length=64), nullable=True),
        sa.Column("bin", sa.String(length=8), nullable=True),
        sa.Column("last_4", sa.String(length=4), nullable=True),
        sa.Column("expiration_month", sa.Integer(), nullable=True),
        sa.Column("expiration_year", sa.Integer(), nullable=True),
        sa.Column("cardholder_name", sa.String(length=255), nullable=True),
        sa.Column("billing_postal_code", sa.String(length=16), nullable=True),
        sa.Column("email", sa.String(length=255), nullable=True),
        sa.Column("username", sa.String(length=255), nullable=True),
        sa.Column("behaviour", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["customer_id"],
            ["bt_sandbox_customers.id"],
            name=op.f("fk_bt_sandbox_payment_methods_customer_id_bt_sandbox_customers"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token", name=op.f("pk_bt_sandbox_payment_methods")),
    )
    with op.batch_alter_table("bt_sandbox_payment_methods", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_bt_sandbox_payment_methods_customer_id"), ["customer_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("bt_sandbox_payment_methods", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bt_sandbox_payment_methods_customer_id"))

    op.drop_table("bt_sandbox_payment_methods")
    with op.batch_alter_table("bt_sandbox_discounts", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bt_sandbox_discounts_subscription_id"))

    op.drop_table("bt_sandbox_discounts")
    with op.batch_alter_table("bt_sandbox_transactions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bt_sandbox_transactions_subscription_id"))

    op.drop_table("bt_sandbox_transactions")
    with op.batch_alter_table("bt_sandbox_subscriptions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_bt_sandbox_subscriptions_payment_method_token"))
        batch_op.drop_index("ix_bt_sandbox_subscriptions_due")

    op.drop_table("bt_sandbox_subscriptions")
    op.drop_table("bt_sandbox_plans")
    op.drop_table("bt_sandbox_nonces")
    op.drop_table("bt_sandbox_customers")
