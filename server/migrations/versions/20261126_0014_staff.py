"""staff: roles, the second factor (TOTP, recovery codes), pending sign-ins, staff sessions
and the audit log

Revision ID: 0014
Revises: 0013
Create Date: 2026-11-26 20:10:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("actor_user_id", sa.Integer(), nullable=True),
        sa.Column("actor_email", sa.String(length=320), nullable=True),
        sa.Column("action", sa.String(length=64), nullable=False),
        sa.Column("target_type", sa.String(length=32), nullable=True),
        sa.Column("target_id", sa.String(length=320), nullable=True),
        sa.Column("before", sa.JSON(), nullable=True),
        sa.Column("after", sa.JSON(), nullable=True),
        sa.Column("address", sa.String(length=64), nullable=True),
        sa.ForeignKeyConstraint(
            ["actor_user_id"],
            ["users.id"],
            name=op.f("fk_audit_log_actor_user_id_users"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index("ix_audit_log_action_id", ["action", "id"], unique=False)
        batch_op.create_index("ix_audit_log_actor_email_id", ["actor_email", "id"], unique=False)
        batch_op.create_index("ix_audit_log_target_id_id", ["target_id", "id"], unique=False)

    op.create_table(
        "staff_pending_sign_ins",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("wrong_codes", sa.Integer(), nullable=False),
        sa.Column("ended_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_staff_pending_sign_ins_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_pending_sign_ins")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_staff_pending_sign_ins_token_hash")),
    )
    with op.batch_alter_table("staff_pending_sign_ins", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_staff_pending_sign_ins_user_id"), ["user_id"], unique=False
        )

    op.create_table(
        "staff_recovery_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("code_hash", sa.String(length=64), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("used_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_staff_recovery_codes_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_recovery_codes")),
    )
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_staff_recovery_codes_user_id"), ["user_id"], unique=False
        )

    op.create_table(
        "staff_roles",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("granted_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_staff_roles_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", "role", name=op.f("pk_staff_roles")),
    )
    op.create_table(
        "staff_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("expires_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("reauthenticated_until", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("password_stamp", sa.String(length=64), nullable=False),
        sa.Column("user_agent", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_staff_sessions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_staff_sessions")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_staff_sessions_token_hash")),
    )
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_staff_sessions_user_id"), ["user_id"], unique=False)

    op.create_table(
        "staff_totp",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("enrolled_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.Column("last_step", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_staff_totp_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_staff_totp")),
    )


def downgrade() -> None:
    op.drop_table("staff_totp")
    with op.batch_alter_table("staff_sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_sessions_user_id"))

    op.drop_table("staff_sessions")
    op.drop_table("staff_roles")
    with op.batch_alter_table("staff_recovery_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_recovery_codes_user_id"))

    op.drop_table("staff_recovery_codes")
    with op.batch_alter_table("staff_pending_sign_ins", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_staff_pending_sign_ins_user_id"))

    op.drop_table("staff_pending_sign_ins")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_target_id_id")
        batch_op.drop_index("ix_audit_log_actor_email_id")
        batch_op.drop_index("ix_audit_log_action_id")

    op.drop_table("audit_log")
