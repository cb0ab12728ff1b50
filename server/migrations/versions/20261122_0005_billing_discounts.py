"""billing discounts: the offer catalogue, each subscription copy's discounts, and the
sandbox's discounts added after creation

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 11:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "billing_discounts",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("description", sa.String(length=500), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("number_of_billing_cycles", sa.Integer(), nullable=True),
        sa.Column("plan_ids", sa.JSON(), nullable=False),
        sa.Column("purpose", sa.String(length=32), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.add_column(
            sa.Column("discounts", sa.JSON(), nullable=False, server_default=sa.text("'[]'"))
        )
    with op.batch_alter_table("bt_sandbox_discounts") as batch:
        batch.add_column(
            sa.Column("first_cycle", sa.Integer(), nullable=False, server_default=sa.text("1"))
        )


def downgrade() -> None:
    with op.batch_alter_table("bt_sandbox_discounts") as batch:
        batch.drop_column("first_cycle")
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.drop_column("discounts")
    op.drop_table("billing_discounts")
