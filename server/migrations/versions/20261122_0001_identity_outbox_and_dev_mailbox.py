"""identity, outbox and dev mailbox

Revision ID: 0001
Revises:
Create Date: 2026-11-22 07:54:42.596027
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "dev_mailbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("to_address", sa.String(length=320), nullable=False),
        sa.Column("subject", sa.String(length=255), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("delivered_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_dev_mailbox")),
    )
    with op.batch_alter_table("dev_mailbox", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_dev_mailbox_to_address"), ["to_address"], unique=False)

    op.create_table(
        "outbox_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("topic", sa.String(length=64), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("run_after", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("done_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox_jobs")),
    )
    with op.batch_alter_table("outbox_jobs", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_jobs_due", ["status", "run_after"], unique=False)
        batch_op.create_index(batch_op.f("ix_outbox_jobs_topic"), ["topic"], unique=False)

    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=True),
        sa.Column("email_verified", sa.Boolean(), nullable=False),
        sa.Column("tracking_id", sa.String(length=36), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_users")),
        sa.UniqueConstraint("email", name=op.f("uq_users_email")),
        sa.UniqueConstraint("tracking_id", name=op.f("uq_users_tracking_id")),
    )
    op.create_table(
        "auth_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("user_agent", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_auth_sessions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_auth_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_auth_sessions_token_hash")),
    )
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_auth_sessions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "one_time_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("purpose", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("new_email", sa.String(length=320), nullable=True),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_one_time_tokens_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_one_time_tokens")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_one_time_tokens_token_hash")),
    )
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_one_time_tokens_user_id"), ["user_id"], unique=False)

    op.create_table(
        "profiles",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("attributes", sa.JSON(), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_profiles_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_profiles")),
    )


def downgrade() -> None:
    op.drop_table("profiles")
    with op.batch_alter_table("one_time_tokens", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_one_time_tokens_user_id"))

    op.drop_table("one_time_tokens")
    with op.batch_alter_table("auth_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_auth_sessions_user_id"))

    op.drop_table("auth_sessions")
    op.drop_table("users")
    with op.batch_alter_table("outbox_jobs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_outbox_jobs_topic"))
        batch_op.drop_index("ix_outbox_jobs_due")

    op.drop_table("outbox_jobs")
    with op.batch_alter_table("dev_mailbox", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_dev_mailbox_to_address"))

    op.drop_table("dev_mailbox")
