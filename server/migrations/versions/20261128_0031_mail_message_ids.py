"""the dev mailbox keeps a mail once per Message-ID

Revision ID: 0031
Revises: 0030
Create Date: 2026-11-28 03:00:00

A job's mail has the same Message-ID on every attempt (jobs/runner.py delivery_key): a
delivery repeated after a worker was killed between sending and recording it is the same mail.
Nullable: rows from before, and mail sent outside a job, have none (expand only).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0031"
down_revision: str | None = "0030"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("dev_mailbox") as batch:
        batch.add_column(sa.Column("message_id", sa.String(length=255), nullable=True))
        batch.create_unique_constraint("uq_dev_mailbox_message_id", ["message_id"])


def downgrade() -> None:
    with op.batch_alter_table("dev_mailbox") as batch:
        batch.drop_constraint("uq_dev_mailbox_message_id", type_="unique")
        batch.drop_column("message_id")
