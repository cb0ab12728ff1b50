"""billing: the subscription a pause, resume, plan switch or restart replaced

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 15:15:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.add_column(sa.Column("follows_id", sa.String(length=36), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.drop_column("follows_id")
