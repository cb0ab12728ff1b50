"""identity: wrong passwords counted on each email-change link (a few burn it)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-22 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("one_time_tokens") as batch:
        batch.add_column(
            sa.Column("failed_attempts", sa.Integer(), server_default="0", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("one_time_tokens") as batch:
        batch.drop_column("failed_attempts")
