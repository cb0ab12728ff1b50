"""Migration 0019 backfills the status history of the subscriptions that existed before it:
the first status at created_at (Pending for one created to start later without a trial,
else Active), the status now at updated_at when it differs. On SQLite and PostgreSQL alike
(the SQL differs in one expression)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Engine, create_engine, insert, select, text
from sqlalchemy.engine import make_url

from masthead.billing.api import BillingSubscription, MembershipStatusChange
from masthead.identity.api import User
from masthead.migrate import alembic_config
from tests.conftest import _prepare_postgres


@pytest.fixture
def database_at_0018(database_url: str, tmp_path: Path) -> Iterator[str]:
    if database_url.startswith("postgresql"):
        target = make_url(database_url)
        url = target.set(database=f"{target.database}_backfill").render_as_string(
            hide_password=False
        )
        _prepare_postgres(url)
    else:
        url = f"sqlite:///{tmp_path / 'backfill.db'}"
    command.upgrade(alembic_config(url), "0018")
    yield url


def moment(day: str, hour: int = 9) -> datetime:
    return datetime.fromisoformat(day).replace(hour=hour, tzinfo=UTC)


def subscription(sid: str, status: str, created: str, updated: str, **extra: Any) -> dict[str, Any]:
    return {
        "id": sid,
        "user_id": 1,
        "plan_id": "sports-monthly",
        "plan_name": "Monthly",
        "product_id": "sports-membership",
        "status": status,
        "price": Decimal("4.99"),
        "payment_method_token": "tok",
        "trial_period": False,
        "trial_duration": 0,
        "current_billing_cycle": 0,
        "transactions": [],
        "discounts": [],
        "cancel_reason": "",
        "cancel_reason_text": "",
        "created_at": moment(created),
        "updated_at": moment(updated),
        "first_billing_date": None,  # every row names every column: one executemany
        **extra,
    }


def test_the_history_before_0019_is_backfilled(database_at_0018: str) -> None:
    engine: Engine = create_engine(database_at_0018)
    try:
        with engine.begin() as conn:
            conn.execute(
                insert(User.__table__).values(
                    id=1,
                    email="a@example.com",
                    email_verified=True,
                    tracking_id="t-1",
                    created_at=moment("2026-01-01"),
                    updated_at=moment("2026-01-01"),
                )
            )
            conn.execute(
                insert(BillingSubscription.__table__),
                [
                    subscription("active", "Active", "2026-02-01", "2026-06-01"),
                    subscription("cancelled", "Canceled", "2026-02-01", "2026-05-10"),
                    # Made to start on 1 April, no trial: Pending first, Active now.
                    subscription(
                        "later",
                        "Active",
                        "2026-03-20",
                        "2026-04-01",
                        first_billing_date=date(2026, 4, 1),
                    ),
                    # A trial starts Active whatever its first billing date.
                    subscription(
                        "trial",
                        "Past Due",
                        "2026-03-20",
                        "2026-03-27",
                        first_billing_date=date(2026, 3, 27),
                        trial_period=True,
                        trial_duration=7,
                    ),
                    subscription(
                        "pending",
                        "Pending",
                        "2026-03-20",
                        "2026-03-20",
                        first_billing_date=date(2026, 6, 1),
                    ),
                ],
            )
        command.upgrade(alembic_config(database_at_0018), "0019")
        with engine.connect() as conn:
            rows = conn.execute(
                select(
                    MembershipStatusChange.subscription_id,
                    MembershipStatusChange.status,
                    MembershipStatusChange.changed_at,
                ).order_by(
                    MembershipStatusChange.subscription_id, MembershipStatusChange.changed_at
                )
            ).all()
        assert [tuple(r) for r in rows] == [
            ("active", "Active", moment("2026-02-01")),
            ("cancelled", "Active", moment("2026-02-01")),
            ("cancelled", "Canceled", moment("2026-05-10")),
            ("later", "Pending", moment("2026-03-20")),
            ("later", "Active", moment("2026-04-01")),
            ("pending", "Pending", moment("2026-03-20")),
            ("trial", "Active", moment("2026-03-20")),
            ("trial", "Past Due", moment("2026-03-27")),
        ]
        command.downgrade(alembic_config(database_at_0018), "0018")
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM billing_subscriptions")).scalar() == 5
    finally:
        engine.dispose()
