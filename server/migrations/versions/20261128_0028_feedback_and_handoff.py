"""readers' feedback, and hand-off codes

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-28 02:00:00
"""

from collections.abc import Sequence

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
