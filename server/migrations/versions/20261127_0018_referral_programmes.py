"""referral_programmes: tenants keep when their key was rotated and when they were deleted
(soft delete); a tenant's referrals are listed newest first by (tenant_id, id)

Revision ID: 0018
Revises: 0017
Create Date: 2026-11-27 00:00:00
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import masthead.db

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("referral_tenants", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("key_rotated_at", masthead.db.UTCDateTime(timezone=True), nullable=True)
        )
        batch_op.add_column(
            sa.Column("deleted_at", masthead.db.UTCDateTime(timezone=True), nullable=True)
        )
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        batch_op.create_index("ix_referrals_tenant_id_id", ["tenant_id", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("referrals", schema=None) as batch_op:
        batch_op.drop_index("ix_referrals_tenant_id_id")
    with op.batch_alter_table("referral_tenants", schema=None) as batch_op:
        batch_op.drop_column("deleted_at")
        batch_op.drop_column("key_rotated_at")
