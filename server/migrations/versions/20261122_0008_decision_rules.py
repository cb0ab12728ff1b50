"""decision rules: each access-decision feature's rules, editable without a deploy

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-22 16:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "decision_rules",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("feature", sa.String(length=64), nullable=False),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("enabled", sa.Boolean(), nullable=False),
        sa.Column("description", sa.String(length=300), nullable=False),
        sa.Column("conditions", sa.JSON(), nullable=False),
        sa.Column("output", sa.JSON(), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_decision_rules")),
    )
    op.create_index("ix_decision_rules_feature_priority", "decision_rules", ["feature", "priority"])


def downgrade() -> None:
    op.drop_index("ix_decision_rules_feature_priority", table_name="decision_rules")
    op.drop_table("decision_rules")
