"""Who may read the dashboard: every staff role sees the charts of members, trials,
cancellations and referrals; revenue only marketing and admins. No staff session is a 401,
a role without the right a 403, JSON and CSV alike; a bad range is a 400 a person can act on."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.dashboard.conftest import CHARTS, DASHBOARD, NON_MONEY
from tests.identity.helpers import login
from tests.staff.conftest import PASSWORD, make_account

PATHS = [f"{DASHBOARD}/{c}{suffix}" for c in CHARTS for suffix in ("", ".csv")]


@pytest.mark.parametrize("path", PATHS)
def test_no_staff_session_is_refused(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 401
    assert answer.json()["type"] == "unauthorized"


def test_a_signed_in_reader_without_a_role_is_refused(client: TestClient, runtime: Runtime) -> None:
    make_account(runtime, "reader@example.com")
    assert login(client, "reader@example.com", PASSWORD).status_code == 200
    for path in PATHS:
        answer = client.get(path)
        assert (answer.status_code, answer.json()["type"]) == (403, "forbidden"), path


@pytest.mark.parametrize("role", ["editor", "support", "moderator"])
def test_roles_without_marketing_see_every_chart_but_revenue(
    role: str, console_as: Callable[[str], TestClient]
) -> None:
    client = console_as(role)
    for chart in NON_MONEY:
        assert client.get(f"{DASHBOARD}/{chart}").status_code == 200, chart
        assert client.get(f"{DASHBOARD}/{chart}.csv").status_code == 200, chart
    for path in (f"{DASHBOARD}/revenue", f"{DASHBOARD}/revenue.csv"):
        answer = client.get(path)
        assert (answer.status_code, answer.json()) == (
            403,
            {"type": "forbidden", "message": "Your account does not have the marketing role."},
        )


@pytest.mark.parametrize("role", ["marketing", "admin"])
def test_marketing_and_admins_see_revenue(
    role: str, console_as: Callable[[str], TestClient]
) -> None:
    client = console_as(role)
    for chart in CHARTS:
        assert client.get(f"{DASHBOARD}/{chart}").status_code == 200, chart


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"from": "2026-05-01", "to": "2026-04-01"},
            "The range must start on or before its end: from 2026-05-01 is after to 2026-04-01.",
        ),
        (
            {"from": "2020-01-01", "to": "2026-01-01"},
            "A chart by month covers at most 60 months; this range has 73. Ask for a shorter one.",
        ),
        (
            {"from": "1999-12-31"},
            "The from date 1999-12-31 is outside the years the dashboard covers (2000 to 2099).",
        ),
        (
            {"to": "9999-12-31"},
            "The to date 9999-12-31 is outside the years the dashboard covers (2000 to 2099).",
        ),
    ],
)
def test_a_bad_range_is_refused_with_a_reason(
    params: dict[str, str], message: str, console_as: Callable[[str], TestClient]
) -> None:
    client = console_as("editor")
    for path in (f"{DASHBOARD}/trials", f"{DASHBOARD}/trials.csv"):
        answer = client.get(path, params=params)
        assert (answer.status_code, answer.json()) == (
            400,
            {"type": "bad-range", "message": message},
        )


def test_the_days_chart_is_bounded_too(console_as: Callable[[str], TestClient]) -> None:
    client = console_as("editor")
    answer = client.get(f"{DASHBOARD}/new-members", params={"from": "2025-01-01"})
    assert answer.status_code == 400
    assert answer.json()["message"] == (
        "A chart by day covers at most 366 days; this range has 691. Ask for a shorter one, "
        "or see the chart by month."
    )


def test_a_date_that_is_no_date_is_a_400(console_as: Callable[[str], TestClient]) -> None:
    answer = console_as("editor").get(f"{DASHBOARD}/trials", params={"from": "last week"})
    assert answer.status_code == 400
    assert answer.json()["type"] == "bad-request"


def test_reading_needs_no_origin_and_nothing_writes(
    console_as: Callable[[str], TestClient],
) -> None:
    """The dashboard only reads: a GET needs no Origin (origin.py guards state changes) and
    no step-up; no other method is answered."""
    client = console_as("support")
    del client.headers["Origin"]
    assert client.get(f"{DASHBOARD}/trials").status_code == 200
    for method in ("POST", "PUT", "DELETE"):
        answer = client.request(
            method, f"{DASHBOARD}/trials", headers={"Origin": "http://testserver"}
        )
        assert answer.status_code == 405, method
