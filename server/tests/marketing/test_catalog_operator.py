"""The plan catalogue's operator API (/operator/v1/plans, /operator/v1/discounts) and CLI: the
key, the same rules as the console, and their changes audited without a staff member."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.billing.catalog import cli
from masthead.deps import Runtime
from tests.staff.conftest import audit_rows

KEY = "catalog-test-key"
OPERATOR = {"Authorization": f"Bearer {KEY}"}
PLAN: dict[str, Any] = {"id": "sports-day", "name": "Day pass", "frequency": 1, "amount": "0.99"}


def test_the_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, catalogue: Runtime
) -> None:
    for path in ("/operator/v1/plans", "/operator/v1/discounts"):
        absent = client.get(path, headers=OPERATOR)
        assert (absent.status_code, absent.json()["type"]) == (404, "not-found")
    catalogue.settings.catalog_key = KEY
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY}):
        for method, path, body in (
            ("GET", "/operator/v1/plans", None),
            ("POST", "/operator/v1/plans", PLAN),
            ("PUT", "/operator/v1/plans/sports-monthly", {"nonsense": 1}),
            ("GET", "/operator/v1/discounts/stay-annual-10", None),
            ("POST", "/operator/v1/discounts", {}),
        ):
            refused = client.request(method, path, json=body, headers=headers)
            assert refused.status_code == 401, (method, path, headers)
            assert refused.json() == {
                "type": "unauthorized",
                "message": "The catalog key is missing or wrong.",
            }
    assert audit_rows(catalogue) == []


def test_an_operator_adds_and_changes_plans_and_discounts(
    client: TestClient, catalogue: Runtime
) -> None:
    catalogue.settings.catalog_key = KEY
    added = client.post("/operator/v1/plans", json=PLAN, headers=OPERATOR)
    assert added.status_code == 201, added.text
    shown = client.get("/operator/v1/plans/sports-day", headers=OPERATOR).json()
    assert (shown["name"], shown["members"]) == ("Day pass", 0)
    fields = {k: v for k, v in shown.items() if k not in ("id", "members")}
    changed = client.put(
        "/operator/v1/plans/sports-day", json={**fields, "featured": True}, headers=OPERATOR
    )
    assert changed.json()["featured"] is True
    refused = client.put(
        "/operator/v1/plans/sports-day", json={**fields, "normal_amount": "0.50"}, headers=OPERATOR
    )
    assert (refused.status_code, refused.json()["type"]) == (400, "invalid-plan")

    discount = {"id": "day-off", "name": "A day free", "amount": "0.99", "plan_ids": ["sports-day"]}
    assert client.post("/operator/v1/discounts", json=discount, headers=OPERATOR).status_code == 201
    listed = client.get("/operator/v1/discounts", headers=OPERATOR).json()["discounts"]
    assert "day-off" in [d["id"] for d in listed]

    entries = [(r.action, r.actor_email, r.target_id, r.address) for r in audit_rows(catalogue)]
    assert entries == [
        ("plan.created", None, "sports-day", "testclient"),
        ("plan.updated", None, "sports-day", "testclient"),
        ("discount.created", None, "day-off", "testclient"),
    ]


def test_the_cli_lists_adds_and_changes(
    catalogue: Runtime, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = catalogue.settings
    assert cli.main(["plans"], settings) == 0
    plans = json.loads(capsys.readouterr().out)["plans"]
    assert [p["id"] for p in plans] == ["sports-monthly", "sports-six-month", "sports-annual"]

    body = tmp_path / "plan.json"
    body.write_text(json.dumps(PLAN), encoding="utf-8")
    assert cli.main(["add-plan", str(body)], settings) == 0
    assert json.loads(capsys.readouterr().out)["id"] == "sports-day"
    assert cli.main(["add-plan", str(body)], settings) == 2
    assert 'There is a plan "sports-day" already.' in capsys.readouterr().err

    changes = tmp_path / "changes.json"
    changes.write_text(json.dumps({"curation": "For a day", "enabled": False}), encoding="utf-8")
    assert cli.main(["set-plan", "sports-day", str(changes)], settings) == 0
    after = json.loads(capsys.readouterr().out)
    assert (after["curation"], after["enabled"], after["amount"]) == ("For a day", False, "0.99")

    changes.write_text(json.dumps({"amount": "free"}), encoding="utf-8")
    assert cli.main(["set-plan", "sports-day", str(changes)], settings) == 2
    assert "The price must be more than 0" in capsys.readouterr().err
    assert cli.main(["plan"], settings) == 2
    assert "give the id" in capsys.readouterr().err
    assert cli.main(["plan", "nothing-here"], settings) == 2
    assert capsys.readouterr().err.strip() == 'There is no plan "nothing-here".'

    changes.write_text(json.dumps({"amount": "3.00"}), encoding="utf-8")
    assert cli.main(["set-discount", "stay-monthly-3", str(changes)], settings) == 0
    assert json.loads(capsys.readouterr().out)["amount"] == "3.00"
    assert cli.main(["discount", "stay-monthly-3"], settings) == 0
    assert json.loads(capsys.readouterr().out)["plan_ids"] == ["sports-monthly"]
    entries = [(r.action, r.actor_email, r.address) for r in audit_rows(catalogue)]
    assert entries == [
        ("plan.created", None, None),
        ("plan.updated", None, None),
        ("discount.updated", None, None),
    ]
