"""jobs remember the request that queued them

Revision ID: 0030
Revises: 0029
Create Date: 2026-11-28 03:00:00

A nullable column: old code keeps inserting jobs without it while new code rolls out (expand).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0030"
down_revision: str | None = "0029"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("outbox_jobs") as batch:
        batch.add_column(sa.Column("request_id", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("outbox_jobs") as batch:
        batch.drop_column("request_id")
