"""newsletter mail: the dev mailbox keeps each mail's extra headers

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-28 02:00:00

Newsletter mail carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); the dev
mailbox stores them so a person can see them and press the mail client's Unsubscribe. The
one-click and preferences tokens are signed, not stored: no table for them.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("dev_mailbox") as batch:
        # Mail delivered before this has no extra headers: an empty object.
        batch.add_column(
            sa.Column("headers", sa.JSON(), nullable=False, server_default=sa.text("'{}'"))
        )


def downgrade() -> None:
    with op.batch_alter_table("dev_mailbox") as batch:
        batch.drop_column("headers")
