"""mail: keys of mail sent at most once (a receipt per charge, one welcome per account)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-26 15:30:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "mail_sent_once",
        sa.Column("key", sa.String(length=160), nullable=False),
        sa.Column("sent_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key"),
    )


def downgrade() -> None:
    op.drop_table("mail_sent_once")
