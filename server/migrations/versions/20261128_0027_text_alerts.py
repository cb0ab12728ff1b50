"""text alerts: a reader's phone, consent and opt-out; the dev text outbox

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-28 02:00:00
"""

from collections.abc import Sequence

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
