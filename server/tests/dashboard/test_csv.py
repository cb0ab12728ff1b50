"""Each chart's numbers as CSV: text/csv, a named download, a header row, one row per bucket;
revenue in dollars; cells a spreadsheet would run as a formula are escaped."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from datetime import date

import pytest
from fastapi.testclient import TestClient

from masthead.dashboard.csv_export import escape_cell, to_csv
from masthead.dashboard.schemas import Chart, Series
from masthead.deps import Runtime
from tests.dashboard.conftest import CHARTS, DASHBOARD
from tests.dashboard.rows import charge, reader, subscription


@pytest.mark.parametrize(
    ("cell", "escaped"),
    [
        ('=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'),
        ("+1", "'+1"),
        ("-1+2", "'-1+2"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("It costs too much", "It costs too much"),
        ("a=b", "a=b"),
        ("", ""),
    ],
)
def test_formula_cells_are_escaped(cell: str, escaped: str) -> None:
    assert escape_cell(cell) == escaped


def test_amounts_are_dollars_with_cents() -> None:
    chart = Chart(
        chart="revenue",
        title="Revenue per month",
        bucket="month",
        start=date(2026, 1, 1),
        end=date(2026, 2, 28),
        buckets=["2026-01", "2026-02"],
        unit="cents",
        currency="USD",
        stacked=True,
        series=[Series(key="net", label="Net revenue", values=[123456, 5])],
        note="",
    )
    assert to_csv(chart) == "Month,Net revenue (USD)\r\n2026-01,1234.56\r\n2026-02,0.05\r\n"


@pytest.mark.parametrize("name", CHARTS)
def test_every_chart_downloads_as_csv(name: str, console_as: Callable[[str], TestClient]) -> None:
    client = console_as("admin")
    answer = client.get(f"{DASHBOARD}/{name}.csv")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "text/csv; charset=utf-8"
    chart = client.get(f"{DASHBOARD}/{name}").json()
    filename = f"masthead-{name}-{chart['start']}-to-{chart['end']}.csv"
    assert answer.headers["content-disposition"] == f'attachment; filename="{filename}"'
    rows = list(csv.reader(io.StringIO(answer.text)))
    first = "Day" if chart["bucket"] == "day" else "Month"
    assert rows[0][0] == first and len(rows) == 1 + len(chart["buckets"])
    assert [row[0] for row in rows[1:]] == chart["buckets"]


def test_a_reason_typed_as_a_formula_is_escaped_in_the_download(
    runtime: Runtime, console_as: Callable[[str], TestClient]
) -> None:
    with runtime.sessions.begin() as db:
        r = reader(db, "a@example.com")
        reason = '=HYPERLINK("http://evil.example","Click")'
        subscription(db, r, "c1", "2026-01-01", [("2026-11-05", "Canceled")], cancel_reason=reason)
        subscription(
            db,
            r,
            "s1",
            "2026-01-01",
            transactions=[charge("39.99", "settled", "2026-11-20T10:00:00+00:00")],
        )
    client = console_as("admin")
    cancellations = client.get(f"{DASHBOARD}/cancellations.csv", params={"from": "2026-11-01"})
    assert cancellations.text.splitlines() == [
        'Month,"\'=HYPERLINK(""http://evil.example"",""Click"")"',
        "2026-11,1",
    ]
    revenue = client.get(f"{DASHBOARD}/revenue.csv", params={"from": "2026-10-01"})
    assert revenue.text.splitlines() == [
        "Month,Net revenue (USD),Refunded (USD)",
        "2026-10,0.00,0.00",
        "2026-11,39.99,0.00",
    ]
