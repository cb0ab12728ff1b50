"""newsletter mail: one-click unsubscribe, and editors' list changes (empty unless needed)

Revision ID: 0029
Revises: 0028
Create Date: 2026-11-28 02:00:00
"""

from collections.abc import Sequence

revision: str = "0029"
down_revision: str | None = "0028"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
