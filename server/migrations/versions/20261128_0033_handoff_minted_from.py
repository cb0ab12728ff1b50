"""hand-off codes remember the network they were made from

Revision ID: 0033
Revises: 0032
Create Date: 2026-11-28 08:10:00

A code is redeemed only from the client address that minted it (identity/handoff/service.py),
so a code an attacker minted for their own account cannot sign a victim's browser in to it
from a link (login CSRF). Stored as a keyed hash, never the address. Expand only: the column
is nullable, and a code without one (minted by the old code during a deploy, good for 60 s)
is not bound.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0033"
down_revision: str | None = "0032"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("handoff_codes") as batch:
        batch.add_column(sa.Column("minted_from", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("handoff_codes") as batch:
        batch.drop_column("minted_from")
