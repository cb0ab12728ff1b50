"""readers' feedback, and hand-off codes

Revision ID: 0028
Revises: 0027
Create Date: 2026-11-28 02:00:00

Feedback a reader writes to the publisher; the one-time codes that hand a signed-in reader
from the app to the web and from one brand's site to another's; and the session family that
makes a sign-in on several brands' sites end together.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0028"
down_revision: str | None = "0027"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "feedback_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=True),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("topic", sa.String(length=32), nullable=False),
        sa.Column("message", sa.Text(), nullable=False),
        sa.Column("may_reply", sa.Boolean(), nullable=False),
        sa.Column("brand", sa.String(length=16), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["users.id"],
            name=op.f("fk_feedback_messages_account_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_feedback_messages")),
    )
    with op.batch_alter_table("feedback_messages", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_feedback_messages_account_id"), ["account_id"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_feedback_messages_created_at"), ["created_at"], unique=False
        )

    op.create_table(
        "handoff_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("target_host", sa.String(length=255), nullable=False),
        sa.Column("redirect", sa.String(length=2000), nullable=False),
        sa.Column("mobile_app", sa.Boolean(), nullable=False),
        sa.Column("family", sa.String(length=32), nullable=True),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_handoff_codes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_handoff_codes")),
        sa.UniqueConstraint("code_hash", name=op.f("uq_handoff_codes_code_hash")),
    )
    with op.batch_alter_table("handoff_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_handoff_codes_created_at"), ["created_at"])
        batch_op.create_index(batch_op.f("ix_handoff_codes_user_id"), ["user_id"])

    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("family", sa.String(length=32), nullable=True))
        batch_op.create_index(batch_op.f("ix_auth_sessions_family"), ["family"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_auth_sessions_family"))
        batch_op.drop_column("family")
    with op.batch_alter_table("handoff_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_handoff_codes_user_id"))
        batch_op.drop_index(batch_op.f("ix_handoff_codes_created_at"))
    op.drop_table("handoff_codes")
    with op.batch_alter_table("feedback_messages", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_feedback_messages_created_at"))
        batch_op.drop_index(batch_op.f("ix_feedback_messages_account_id"))
    op.drop_table("feedback_messages")
