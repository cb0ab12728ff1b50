"""referrals

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 08:15:56.783791
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "referral_tenants",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("alias", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("api_key", sa.String(length=255), nullable=False),
        sa.Column("mode", sa.String(length=8), nullable=False),
        sa.Column("allowed_origins", sa.JSON(), nullable=False),
        sa.Column("js_options", sa.JSON(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint("mode IN ('test', 'live')", name=op.f("ck_referral_tenants_mode")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_tenants")),
        sa.UniqueConstraint("alias", name=op.f("uq_referral_tenants_alias")),
    )
    op.create_table(
        "referral_analytics_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=16), nullable=False),
        sa.Column("account_id", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.String(length=255), nullable=False),
        sa.Column("engagement_medium", sa.String(length=16), nullable=False),
        sa.Column("share_medium", sa.String(length=16), nullable=True),
        sa.Column("program_id", sa.String(length=64), nullable=True),
        sa.Column("at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "type IN ('loaded', 'shared')", name=op.f("ck_referral_analytics_events_type")
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_analytics_events_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_analytics_events")),
    )
    with op.batch_alter_table("referral_analytics_events", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_referral_analytics_events_tenant_id"), ["tenant_id"], unique=False
        )

    op.create_table(
        "referral_programmes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("referrer_reward", sa.String(length=255), nullable=False),
        sa.Column("referred_reward", sa.String(length=255), nullable=False),
        sa.Column("conversion_keys", sa.JSON(), nullable=False),
        sa.Column("landing_url", sa.String(length=2048), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_programmes_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_programmes")),
        sa.UniqueConstraint("tenant_id", "slug", name="uq_referral_programmes_slug"),
    )
    op.create_table(
        "referral_user_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.String(length=255), nullable=False),
        sa.Column("key", sa.String(length=100), nullable=False),
        sa.Column("fields", sa.JSON(), nullable=False),
        sa.Column("dedupe_key", sa.String(length=255), nullable=True),
        sa.Column("at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_user_events_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_user_events")),
        sa.UniqueConstraint(
            "tenant_id",
            "account_id",
            "user_id",
            "dedupe_key",
            name="uq_referral_user_events_dedupe",
        ),
    )
    op.create_table(
        "referral_users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.String(length=255), nullable=False),
        sa.Column("user_id", sa.String(length=255), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=True),
        sa.Column("first_name", sa.String(length=100), nullable=False),
        sa.Column("last_name", sa.String(length=100), nullable=False),
        sa.Column("referral_code", sa.String(length=32), nullable=False),
        sa.Column("share_link", sa.String(length=2048), nullable=False),
        sa.Column("locale", sa.String(length=16), nullable=True),
        sa.Column("anonymous", sa.Boolean(), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_users_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_users")),
        sa.UniqueConstraint(
            "tenant_id", "account_id", "user_id", name="uq_referral_users_identity"
        ),
        sa.UniqueConstraint("tenant_id", "referral_code", name="uq_referral_users_code"),
    )
    op.create_table(
        "referrals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("programme_id", sa.Integer(), nullable=False),
        sa.Column("referrer_id", sa.Integer(), nullable=False),
        sa.Column("referred_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.Column("converted_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.CheckConstraint("status IN ('PENDING', 'CONVERTED')", name=op.f("ck_referrals_status")),
        sa.ForeignKeyConstraint(
            ["programme_id"],
            ["referral_programmes.id"],
            name=op.f("fk_referrals_programme_id_referral_programmes"),
        ),
        sa.ForeignKeyConstraint(
            ["referred_id"],
            ["referral_users.id"],
            name=op.f("fk_referrals_referred_id_referral_users"),
        ),
        sa.ForeignKeyConstraint(
            ["referrer_id"],
            ["referral_users.id"],
            name=op.f("fk_referrals_referrer_id_referral_users"),
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referrals_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referrals")),
        sa.UniqueConstraint("referred_id", name=op.f("uq_referrals_referred_id")),
    )
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_referrals_referrer_id"), ["referrer_id"], unique=False)

    op.create_table(
        "referral_rewards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("referral_user_id", sa.Integer(), nullable=False),
        sa.Column("referral_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=False),
        sa.Column("fuel_tank_code", sa.String(length=64), nullable=True),
        sa.Column("issued_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "kind IN ('referrer', 'referred')", name=op.f("ck_referral_rewards_kind")
        ),
        sa.ForeignKeyConstraint(
            ["referral_id"],
            ["referrals.id"],
            name=op.f("fk_referral_rewards_referral_id_referrals"),
        ),
        sa.ForeignKeyConstraint(
            ["referral_user_id"],
            ["referral_users.id"],
            name=op.f("fk_referral_rewards_referral_user_id_referral_users"),
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_rewards_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_rewards")),
        sa.UniqueConstraint("referral_id", "kind", name="uq_referral_rewards_referral_kind"),
    )
    with op.batch_alter_table("referral_rewards", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_referral_rewards_referral_user_id"), ["referral_user_id"], unique=False
        )

    op.create_table(
        "referral_fuel_tank_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("tenant_id", sa.Integer(), nullable=False),
        sa.Column("programme_id", sa.Integer(), nullable=False),
        sa.Column("code", sa.String(length=64), nullable=False),
        sa.Column("reward_id", sa.Integer(), nullable=True),
        sa.Column("assigned_at", masthead.db.UTCDateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["programme_id"],
            ["referral_programmes.id"],
            name=op.f("fk_referral_fuel_tank_codes_programme_id_referral_programmes"),
        ),
        sa.ForeignKeyConstraint(
            ["reward_id"],
            ["referral_rewards.id"],
            name=op.f("fk_referral_fuel_tank_codes_reward_id_referral_rewards"),
        ),
        sa.ForeignKeyConstraint(
            ["tenant_id"],
            ["referral_tenants.id"],
            name=op.f("fk_referral_fuel_tank_codes_tenant_id_referral_tenants"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_referral_fuel_tank_codes")),
        sa.UniqueConstraint("reward_id", name=op.f("uq_referral_fuel_tank_codes_reward_id")),
        sa.UniqueConstraint("tenant_id", "code", name="uq_referral_fuel_tank_codes_code"),
    )
    with op.batch_alter_table("referral_fuel_tank_codes", schema=None) as batch_op:
        batch_op.create_index(
            "ix_referral_fuel_tank_codes_free", ["programme_id", "reward_id"], unique=False
        )


def downgrade() -> None:
    with op.batch_alter_table("referral_fuel_tank_codes", schema=None) as batch_op:
        batch_op.drop_index("ix_referral_fuel_tank_codes_free")

    op.drop_table("referral_fuel_tank_codes")
    with op.batch_alter_table("referral_rewards", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_referral_rewards_referral_user_id"))

    op.drop_table("referral_rewards")
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_referrals_referrer_id"))

    op.drop_table("referrals")
    op.drop_table("referral_users")
    op.drop_table("referral_user_events")
    op.drop_table("referral_programmes")
    with op.batch_alter_table("referral_analytics_events", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_referral_analytics_events_tenant_id"))

    op.drop_table("referral_analytics_events")
    op.drop_table("referral_tenants")
