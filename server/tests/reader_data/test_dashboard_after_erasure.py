"""The staff dashboard after readers erased their accounts: their subscriptions stay (the
payments the law keeps) without a reader, and each still counts as one member who was."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.identity.models import User
from tests.dashboard.conftest import DASHBOARD, console_as
from tests.dashboard.rows import reader, subscription

__all__ = ["console_as"]  # the dashboard's signed-in console fixture, used here too


def test_erased_members_still_count_one_each(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        for n in (1, 2):
            user_id = reader(db, f"gone{n}@example.com")
            subscription(db, user_id, f"sub-{n}", "2026-03-10", paid_through="2026-12-09")
    with runtime.sessions.begin() as db:  # both erase their accounts, as reader_data does
        for user in db.query(User).all():
            db.delete(user)

    answer = console_as("support").get(f"{DASHBOARD}/members-by-status")
    assert answer.status_code == 200, answer.text
    series = {s["key"]: s["values"] for s in answer.json()["series"]}
    assert series["Active"][-1] == 2  # not one "reader" of no one
