"""readers_search: the staff console's reader search terms; refunds in the payment sandbox

Revision ID: 0016
Revises: 0015
Create Date: 2026-11-27 00:00:00

reader_search_terms holds each account's email and the words of its names, folded
(identity/search_terms.py), in the "C" collation on PostgreSQL: a prefix is then a range of
the (term, user_id) index whatever the database's locale, and the search walks it in order
(bench/reader_search.py measures it with 1,000,000 readers). The accounts there already get
their terms here.

bt_sandbox_transactions learns Braintree's transaction type (a refund is a credit naming its
sale) and a sale's refunds.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from masthead.identity.search_terms import terms_for

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TERM = sa.String(length=320).with_variant(sa.String(length=320, collation="C"), "postgresql")
BACKFILL_CHUNK = 1000


def upgrade() -> None:
    op.create_table(
        "reader_search_terms",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("term", TERM, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_reader_search_terms_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("user_id", "term", name=op.f("pk_reader_search_terms")),
    )
    with op.batch_alter_table("reader_search_terms", schema=None) as batch_op:
        batch_op.create_index(
            "ix_reader_search_terms_term_user_id", ["term", "user_id"], unique=False
        )
    _backfill()

    with op.batch_alter_table("bt_sandbox_transactions", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(length=8), server_default="sale", nullable=False)
        )
        batch_op.add_column(
            sa.Column("refunded_transaction_id", sa.String(length=36), nullable=True)
        )
        batch_op.add_column(sa.Column("refund_ids", sa.JSON(), nullable=True))


def _backfill() -> None:
    """The terms of the accounts made before this revision, a chunk of accounts at a time."""
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("email", sa.String))
    profiles = sa.table(
        "profiles", sa.column("user_id", sa.Integer), sa.column("attributes", sa.JSON)
    )
    terms = sa.table("reader_search_terms", sa.column("user_id"), sa.column("term"))
    last = 0
    while True:
        rows = conn.execute(
            sa.select(users.c.id, users.c.email, profiles.c.attributes)
            .select_from(users.outerjoin(profiles, profiles.c.user_id == users.c.id))
            .where(users.c.id > last)
            .order_by(users.c.id)
            .limit(BACKFILL_CHUNK)
        ).all()
        if not rows:
            return
        values = [
            {"user_id": user_id, "term": term}
            for user_id, email, attributes in rows
            for term in sorted(terms_for(email, attributes or {}))
        ]
        if values:
            conn.execute(terms.insert(), values)
        last = rows[-1][0]


def downgrade() -> None:
    with op.batch_alter_table("bt_sandbox_transactions", schema=None) as batch_op:
        batch_op.drop_column("refund_ids")
        batch_op.drop_column("refunded_transaction_id")
        batch_op.drop_column("kind")
    with op.batch_alter_table("reader_search_terms", schema=None) as batch_op:
        batch_op.drop_index("ix_reader_search_terms_term_user_id")
    op.drop_table("reader_search_terms")
