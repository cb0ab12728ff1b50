"""billing: the subscription id a subscribe chose before calling the gateway

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-22 15:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("billing_customers") as batch:
        batch.add_column(sa.Column("subscribe_intent_id", sa.String(length=36), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("billing_customers") as batch:
        batch.drop_column("subscribe_intent_id")
