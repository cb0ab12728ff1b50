"""The newsletter lists' operator API: the console's routes with a bearer key, absent while
the key is unset, its changes audited without a staff member."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.newsletters.helpers import call, ok, seed
from tests.staff.conftest import audit_rows

LISTS = "/operator/v1/newsletter-lists"
KEY = "operator-newsletter-lists-key"
OPERATOR = {"Authorization": f"Bearer {KEY}"}
NEW = {"name": "Metro Minute", "group": "lifestyle", "st_id": "metro-minute"}


def test_the_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    absent = client.get(LISTS, headers=OPERATOR)
    assert (absent.status_code, absent.json()["type"]) == (404, "not-found")
    runtime.settings.newsletter_lists_key = KEY
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": KEY}):
        for method, path, body in (
            ("GET", LISTS, None),
            ("POST", LISTS, NEW),
            ("GET", f"{LISTS}/1", None),
            ("PUT", f"{LISTS}/1", {"name": "X", "group": "main"}),
            ("PUT", f"{LISTS}/1/position", {"position": 0}),
            ("PUT", f"{LISTS}/1/retired", {"retired": True}),
        ):
            refused = client.request(method, path, json=body, headers=headers)
            assert refused.status_code == 401, (method, path, headers)
            assert refused.json() == {
                "type": "unauthorized",
                "message": "The newsletter lists key is missing or wrong.",
            }
    assert audit_rows(runtime) == []


def test_an_operator_creates_edits_moves_retires_and_restores(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    runtime.settings.newsletter_lists_key = KEY
    made = client.post(LISTS, json=NEW, headers=OPERATOR)
    assert made.status_code == 201, made.text
    list_id = made.json()["id"]
    assert made.json()["position"] == 2
    assert client.post(LISTS, json=NEW, headers=OPERATOR).status_code == 409
    edited = client.put(
        f"{LISTS}/{list_id}",
        json={"name": "Metro Hour", "description": "Longer.", "group": "lifestyle"},
        headers=OPERATOR,
    )
    assert edited.json()["name"] == "Metro Hour"
    moved = client.put(f"{LISTS}/{list_id}/position", json={"position": 0}, headers=OPERATOR)
    assert moved.json()["position"] == 0
    sign_in(client)
    read = ok(call(client, runtime, "read"))["lists"]["lifestyle"]
    assert [row["name"] for row in read] == ["Metro Hour", "Food & Drink", "Getaways"]
    client.put(f"{LISTS}/{list_id}/retired", json={"retired": True}, headers=OPERATOR)
    assert "Metro Hour" not in [
        row["name"] for row in ok(call(client, runtime, "read"))["lists"]["lifestyle"]
    ]
    back = client.put(f"{LISTS}/{list_id}/retired", json={"retired": False}, headers=OPERATOR)
    assert back.json()["retired"] is False
    assert client.get(f"{LISTS}/{list_id}", headers=OPERATOR).json()["name"] == "Metro Hour"
    assert client.get(f"{LISTS}/424242", headers=OPERATOR).status_code == 404
    entries = [e for e in audit_rows(runtime) if e.action.startswith("newsletter_list")]
    assert [e.action for e in entries] == [
        "newsletter_list.created",
        "newsletter_list.updated",
        "newsletter_list.moved",
        "newsletter_list.retired",
        "newsletter_list.restored",
    ]
    assert all(e.actor_email is None for e in entries)
