"""an index of the customers with a subscribe under way

Revision ID: 0032
Revises: 0031
Create Date: 2026-11-28 05:00:00

The worker looks for abandoned subscribes every minute (billing/memberships/subscribe.py
reconcile_abandoned): a partial index holds only the few customers with an intent, so the look
costs the same with ten customers or ten million. Expand only: an index changes no answer.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0032"
down_revision: str | None = "0031"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WITH_INTENT = sa.text("subscribe_intent_id IS NOT NULL")


def upgrade() -> None:
    op.create_index(
        "ix_billing_customers_subscribe_intent",
        "billing_customers",
        ["subscribe_intent_id"],
        postgresql_where=WITH_INTENT,
        sqlite_where=WITH_INTENT,
    )


def downgrade() -> None:
    op.drop_index("ix_billing_customers_subscribe_intent", table_name="billing_customers")
