"""newsletters

Revision ID: 0025
Revises: 0024
Create Date: 2026-11-28 00:40:00

The lists (by group, with the email provider's id), each reader's subscriptions as
Masthead's records, the paused flag the provider is told of, and what the embedded provider
received from the outbox.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0025"
down_revision: str | None = "0024"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "newsletter_lists",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("st_id", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("group", sa.String(length=32), nullable=False),
        sa.Column("exclusive", sa.Boolean(), nullable=False),
        sa.Column("retired", sa.Boolean(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_lists")),
        sa.UniqueConstraint("st_id", name=op.f("uq_newsletter_lists_st_id")),
    )
    op.create_index(op.f("ix_newsletter_lists_group"), "newsletter_lists", ["group"], unique=False)
    op.create_table(
        "newsletter_pushes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("change_id", sa.String(length=32), nullable=False),
        sa.Column("email", sa.String(length=320), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("change", sa.JSON(), nullable=False),
        sa.Column("received_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_newsletter_pushes")),
        sa.UniqueConstraint("change_id", name=op.f("uq_newsletter_pushes_change_id")),
    )
    op.create_index(
        op.f("ix_newsletter_pushes_email"), "newsletter_pushes", ["email"], unique=False
    )
    op.create_table(
        "newsletter_readers",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("updated_at", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_newsletter_readers_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_newsletter_readers")),
    )
    op.create_table(
        "newsletter_subscriptions",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("since", masthead.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["newsletter_lists.id"],
            name=op.f("fk_newsletter_subscriptions_list_id_newsletter_lists"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_newsletter_subscriptions_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "list_id", name=op.f("pk_newsletter_subscriptions")),
    )
    op.create_index(
        op.f("ix_newsletter_subscriptions_list_id"),
        "newsletter_subscriptions",
        ["list_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(
        op.f("ix_newsletter_subscriptions_list_id"), table_name="newsletter_subscriptions"
    )
    op.drop_table("newsletter_subscriptions")
    op.drop_table("newsletter_readers")
    op.drop_index(op.f("ix_newsletter_pushes_email"), table_name="newsletter_pushes")
    op.drop_table("newsletter_pushes")
    op.drop_index(op.f("ix_newsletter_lists_group"), table_name="newsletter_lists")
    op.drop_table("newsletter_lists")
