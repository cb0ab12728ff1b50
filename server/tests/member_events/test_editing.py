"""Editors (console) and operators' tools keep the member events: list, add, change, delete,
each change in the audit log; everyone else is refused, and bad input is a 400 that says what
to change, with nothing written."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.member_events.helpers import CONSOLE, OPERATOR, OPERATOR_API, body, operator_on
from tests.staff.conftest import audit_rows, console_client, staff_member


def editor(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> TestClient:
    return staff_member(app, runtime, clock, "ed@example.com", ["editor"]).client


def test_an_editor_adds_changes_and_deletes_an_event_each_audited(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    added = ed.post(CONSOLE, json=body(runtime, days=3, title="  Book club  "))
    assert added.status_code == 201, added.text
    event = added.json()
    assert event["title"] == "Book club"  # trimmed
    assert added.headers["cache-control"] == "no-store"

    listed = ed.get(CONSOLE).json()["events"]
    assert [e["id"] for e in listed] == [event["id"]]
    assert ed.get(f"{CONSOLE}/{event['id']}").json() == event

    changed = ed.put(f"{CONSOLE}/{event['id']}", json=body(runtime, days=3, place="Online"))
    assert changed.status_code == 200, changed.text
    assert changed.json()["place"] == "Online"

    assert ed.delete(f"{CONSOLE}/{event['id']}").status_code == 204
    assert ed.get(CONSOLE).json()["events"] == []
    assert ed.get(f"{CONSOLE}/{event['id']}").status_code == 404

    rows = [r for r in audit_rows(runtime) if r.target_type == "member-event"]
    assert [r.action for r in rows] == [
        "member_event.created",
        "member_event.edited",
        "member_event.deleted",
    ]
    assert all(r.actor_email == "ed@example.com" for r in rows)
    assert rows[1].before is not None and rows[1].before["place"] == "The newsroom"
    assert rows[1].after is not None and rows[1].after["place"] == "Online"
    assert rows[2].after is None


def test_saving_the_same_event_again_is_not_logged(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    event = ed.post(CONSOLE, json=body(runtime)).json()
    assert ed.put(f"{CONSOLE}/{event['id']}", json=body(runtime)).status_code == 200
    actions = [r.action for r in audit_rows(runtime) if r.target_type == "member-event"]
    assert actions == ["member_event.created"]


def test_the_list_is_soonest_first_past_events_included(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    for days, title in ((9, "Later"), (-2, "Past"), (1, "Sooner")):
        assert ed.post(CONSOLE, json=body(runtime, days, title=title)).status_code == 201
    assert [e["title"] for e in ed.get(CONSOLE).json()["events"]] == ["Past", "Sooner", "Later"]


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"title": "   "}, "Give the event a title."),
        ({"place": ""}, "Say where the event takes place"),
        ({"link": "http://example.com/e"}, "secure web address starting with https://"),
        ({"link": "javascript:alert(1)"}, "secure web address starting with https://"),
        ({"startsAt": "2026-12-01T19:00:00"}, "needs a time zone"),
        ({"startsAt": "1999-12-31T19:00:00Z"}, "between 2000 and 2100"),
        ({"startsAt": "0001-01-01T00:00:00+05:00"}, "between 2000 and 2100"),
        ({"startsAt": "2026-02-30T19:00:00Z"}, "startsAt"),
        ({"title": "x" * 201}, "title"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_input_is_a_400_that_says_what_to_change_and_nothing_is_written(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, fields: dict[str, str], words: str
) -> None:
    ed = editor(app, runtime, clock)
    refused = ed.post(CONSOLE, json=body(runtime, **fields))
    assert refused.status_code == 400, refused.text
    assert refused.json()["type"] == "bad-request"
    assert words in refused.json()["message"]
    assert ed.get(CONSOLE).json()["events"] == []
    assert [r for r in audit_rows(runtime) if r.target_type == "member-event"] == []


def test_an_unknown_event_is_a_404(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    ed = editor(app, runtime, clock)
    for method, json in (("GET", None), ("PUT", body(runtime)), ("DELETE", None)):
        missing = ed.request(method, f"{CONSOLE}/4242", json=json)
        assert (missing.status_code, missing.json()["type"]) == (404, "event-not-found")
    assert ed.get(f"{CONSOLE}/{2**31}").status_code == 400  # beyond any row id


def test_staff_without_the_editor_role_and_strangers_are_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    moderator = staff_member(app, runtime, clock, "mo@example.com", ["moderator"]).client
    for who, status in ((moderator, 403), (console_client(app), 401)):
        assert who.get(CONSOLE).status_code == status
        assert who.post(CONSOLE, json=body(runtime)).status_code == status
        assert who.delete(f"{CONSOLE}/1").status_code == status
    admin = staff_member(app, runtime, clock, "ad@example.com", ["admin"]).client
    assert admin.get(CONSOLE).json() == {"events": []}  # admin implies editor; nothing written


def test_a_change_from_another_site_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    """The console's session cookie rides along on a cross-site form: the Origin check."""
    ed = editor(app, runtime, clock)
    ed.headers["Origin"] = "https://evil.example"
    refused = ed.post(CONSOLE, json=body(runtime))
    assert refused.status_code == 403
    del ed.headers["Origin"]
    ed.headers["Origin"] = "http://testserver"
    assert ed.get(CONSOLE).json() == {"events": []}


def test_the_operator_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    absent = client.get(OPERATOR_API, headers=OPERATOR)
    assert absent.status_code == 404
    operator_on(runtime)
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        assert client.get(OPERATOR_API, headers=headers).status_code == 401
        assert client.post(OPERATOR_API, json=body(runtime), headers=headers).status_code == 401
    assert client.get(OPERATOR_API, headers=OPERATOR).json() == {"events": []}


def test_an_operator_edits_with_the_key_audited_without_an_actor(
    client: TestClient, runtime: Runtime
) -> None:
    operator_on(runtime)
    added = client.post(OPERATOR_API, json=body(runtime), headers=OPERATOR)
    assert added.status_code == 201, added.text
    event_id = added.json()["id"]
    changed = client.put(
        f"{OPERATOR_API}/{event_id}", json=body(runtime, title="Renamed"), headers=OPERATOR
    )
    assert changed.json()["title"] == "Renamed"
    assert client.delete(f"{OPERATOR_API}/{event_id}", headers=OPERATOR).status_code == 204
    rows = [r for r in audit_rows(runtime) if r.target_type == "member-event"]
    assert len(rows) == 3
    assert all(r.actor_email is None for r in rows)
