"""text alerts: a reader's phone, consent and opt-out; the dev text outbox

Revision ID: 0027
Revises: 0026
Create Date: 2026-11-28 02:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0027"
down_revision: str | None = "0026"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "text_alerts",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("phone_e164", sa.String(length=16), nullable=False),
        sa.Column("opted_in", sa.Boolean(), nullable=False),
        sa.Column("consent_id", sa.Integer(), nullable=True),
        sa.Column("updated_at", WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_text_alerts_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_text_alerts")),
    )
    op.create_index(op.f("ix_text_alerts_phone_e164"), "text_alerts", ["phone_e164"])
    op.create_table(
        "text_alert_consents",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("phone_e164", sa.String(length=16), nullable=False),
        sa.Column("wording", sa.Text(), nullable=False),
        sa.Column("given_at", WHEN, nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("withdrawn_at", WHEN, nullable=True),
        sa.Column("withdrawn_by", sa.String(length=16), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_text_alert_consents_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_text_alert_consents")),
    )
    op.create_index(op.f("ix_text_alert_consents_user_id"), "text_alert_consents", ["user_id"])
    op.create_table(
        "dev_text_outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=160), nullable=False),
        sa.Column("to_number", sa.String(length=16), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("sent_at", WHEN, nullable=False),
        sa.Column("stop_replied_at", WHEN, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dev_text_outbox")),
        sa.UniqueConstraint("key", name=op.f("uq_dev_text_outbox_key")),
    )
    op.create_index(op.f("ix_dev_text_outbox_to_number"), "dev_text_outbox", ["to_number"])


def downgrade() -> None:
    op.drop_index(op.f("ix_dev_text_outbox_to_number"), table_name="dev_text_outbox")
    op.drop_table("dev_text_outbox")
    op.drop_index(op.f("ix_text_alert_consents_user_id"), table_name="text_alert_consents")
    op.drop_table("text_alert_consents")
    op.drop_index(op.f("ix_text_alerts_phone_e164"), table_name="text_alerts")
    op.drop_table("text_alerts")
