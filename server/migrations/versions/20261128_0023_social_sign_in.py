"""social sign-in

Revision ID: 0023
Revises: 0022
Create Date: 2026-11-28 00:00:00
"""

from collections.abc import Sequence

revision: str = "0023"
down_revision: str | None = "0022"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
