"""readers_search: placeholder kept in the chain so parallel work can fill it in without branching heads

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 00:00:00
"""

from collections.abc import Sequence

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
