"""reader data: a subscription outlives its reader's erased account

Revision ID: 0024
Revises: 0023
Create Date: 2026-11-28 00:00:00

Deleting an account (masthead.reader_data) removes the users row; its subscriptions, which
hold the payment history the law asks us to keep, stay without the link to the person
(user_id SET NULL instead of CASCADE). And on SQLite an erased account's id is not reused
(AUTOINCREMENT; PostgreSQL's sequences never reuse one).
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0024"
down_revision: str | None = "0023"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FK = "fk_billing_subscriptions_user_id_users"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table(
            "users", recreate="always", table_kwargs={"sqlite_autoincrement": True}
        ):
            pass
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.alter_column("user_id", existing_type=sa.Integer(), nullable=True)
        batch.drop_constraint(FK, type_="foreignkey")
        batch.create_foreign_key(FK, "users", ["user_id"], ["id"], ondelete="SET NULL")


def downgrade() -> None:
    # The subscriptions of erased accounts have no reader to go back to.
    op.execute("DELETE FROM billing_subscriptions WHERE user_id IS NULL")
    with op.batch_alter_table("billing_subscriptions") as batch:
        batch.drop_constraint(FK, type_="foreignkey")
        batch.create_foreign_key(FK, "users", ["user_id"], ["id"], ondelete="CASCADE")
        batch.alter_column("user_id", existing_type=sa.Integer(), nullable=False)
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table(
            "users", recreate="always", table_kwargs={"sqlite_autoincrement": False}
        ):
            pass
