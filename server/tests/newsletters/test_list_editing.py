"""Editors manage the newsletter lists in the staff console: create, edit, move, retire and
restore, each audited; readers see every change at once; a retired list is gone from their
read and refused to new sign-ups, and its subscribers are back when it is restored."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.newsletters.helpers import call, ok, seed
from tests.staff.conftest import TEST_ORIGIN, audit_rows, console_client, staff_member

LISTS = "/admin/api/newsletter-lists"
NEW = {"name": "Metro Minute", "description": "The city in a minute.", "group": "main"}


def editor(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> TestClient:
    return staff_member(app, runtime, clock, "ed@example.com", ["editor"]).client


def create(ed: TestClient, **fields: Any) -> dict[str, Any]:
    answer = ed.post(LISTS, json={**NEW, "st_id": "metro-minute", **fields})
    assert answer.status_code == 201, answer.text
    body: dict[str, Any] = answer.json()
    return body


def names_read_by(client: TestClient, runtime: Runtime, group: str) -> list[str]:
    return [row["name"] for row in ok(call(client, runtime, "read"))["lists"][group]]


def test_an_editor_sees_every_list_with_its_subscribers(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(ids["main-sports"])))
    answer = editor(app, runtime, clock).get(LISTS)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    lists = answer.json()["lists"]
    assert [row["st_id"] for row in lists][:3] == ["main-morning", "main-sports", "main-politics"]
    sports = next(row for row in lists if row["st_id"] == "main-sports")
    assert (sports["subscribers"], sports["position"], sports["exclusive"]) == (1, 1, False)
    insider = next(row for row in lists if row["st_id"] == "member-insider")
    assert (insider["exclusive"], insider["position"], insider["retired"]) == (True, 0, False)


def test_the_list_filters_by_group_and_by_retired(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ids = seed(runtime)
    ed = editor(app, runtime, clock)
    gossip = ed.get(LISTS, params={"group": "gossip"}).json()["lists"]
    assert [row["st_id"] for row in gossip] == ["gossip-page-six", "gossip-royals"]
    ed.put(f"{LISTS}/{ids['life-travel']}/retired", json={"retired": True})
    retired = ed.get(LISTS, params={"retired": "true"}).json()["lists"]
    assert [row["st_id"] for row in retired] == ["life-travel"]
    live = ed.get(LISTS, params={"retired": "false"}).json()["lists"]
    assert "life-travel" not in [row["st_id"] for row in live]
    assert ed.get(LISTS, params={"group": "sports"}).status_code == 400


def test_a_new_list_shows_to_readers_at_once_and_is_audited(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    seed(runtime)
    sign_in(client)
    assert "Metro Minute" not in names_read_by(client, runtime, "main")
    made = create(editor(app, runtime, clock), name="  Metro Minute ")
    assert made["name"] == "Metro Minute"
    assert (made["group"], made["exclusive"], made["position"], made["subscribers"]) == (
        "main",
        False,
        3,
        0,
    )
    assert names_read_by(client, runtime, "main")[-1] == "Metro Minute"
    body = ok(call(client, runtime, "update", subscribe=str(made["id"])))
    assert made["id"] in body["userinfo"]["list_subscriptions"]
    [entry] = audit_rows(runtime, "newsletter_list.created")
    assert entry.actor_email == "ed@example.com"
    assert (entry.target_type, entry.target_id) == ("newsletter_list", str(made["id"]))
    assert entry.before is None
    assert entry.after is not None and entry.after["st_id"] == "metro-minute"


def test_a_list_in_an_exclusive_group_is_exclusive_and_refused_to_non_members(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    seed(runtime)
    made = create(editor(app, runtime, clock), group="team-exclusive", st_id="team-mets")
    assert made["exclusive"] is True
    sign_in(client)
    refused = call(client, runtime, "update", subscribe=str(made["id"]))
    assert refused.status_code == 403
    assert refused.json()["type"] == "not-entitled"


def test_exclusive_follows_the_group_and_cannot_be_sent(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    answer = ed.post(LISTS, json={**NEW, "st_id": "x-1", "exclusive": True})
    assert answer.status_code == 400
    assert "exclusive" in answer.json()["message"]


def test_an_editor_renames_and_regroups_a_list_audited_before_and_after(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    ids = seed(runtime)
    ed = editor(app, runtime, clock)
    url = f"{LISTS}/{ids['main-politics']}"
    body = {"name": "Politics Daily", "description": "Every day now.", "group": "main"}
    saved = ed.put(url, json=body)
    assert saved.status_code == 200, saved.text
    assert saved.json()["name"] == "Politics Daily"
    sign_in(client)
    assert "Politics Daily" in names_read_by(client, runtime, "main")
    [entry] = audit_rows(runtime, "newsletter_list.updated")
    assert entry.before is not None and entry.before["name"] == "Politics Weekly"
    assert entry.after is not None and entry.after["name"] == "Politics Daily"
    # Into an exclusive group: last in it, and exclusive with it.
    moved = ed.put(url, json={**body, "group": "member-exclusive"}).json()
    assert (moved["group"], moved["exclusive"], moved["position"]) == ("member-exclusive", True, 2)
    assert "Politics Daily" in names_read_by(client, runtime, "member-exclusive")
    # The same again changes nothing and writes no entry.
    assert ed.put(url, json={**body, "group": "member-exclusive"}).status_code == 200
    assert len(audit_rows(runtime, "newsletter_list.updated")) == 2


def test_an_editor_moves_a_list_within_its_group(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    ids = seed(runtime)
    ed = editor(app, runtime, clock)
    answer = ed.put(f"{LISTS}/{ids['main-politics']}/position", json={"position": 0})
    assert answer.status_code == 200, answer.text
    assert answer.json()["position"] == 0
    sign_in(client)
    assert names_read_by(client, runtime, "main") == [
        "Politics Weekly",
        "Morning Report",
        "Sports Daily",
    ]
    # Past the end: last. The other groups keep their order.
    last = ed.put(f"{LISTS}/{ids['main-politics']}/position", json={"position": 99}).json()
    assert last["position"] == 2
    assert names_read_by(client, runtime, "gossip") == ["Celebrity Buzz", "Royal Watch"]
    entries = audit_rows(runtime, "newsletter_list.moved")
    assert [(e.before, e.after) for e in entries] == [
        ({"group": "main", "position": 2}, {"group": "main", "position": 0}),
        ({"group": "main", "position": 0}, {"group": "main", "position": 2}),
    ]


def test_a_retired_list_is_gone_for_readers_and_back_with_its_subscribers_when_restored(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    ids = seed(runtime)
    sports = ids["main-sports"]
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(sports)))
    ed = editor(app, runtime, clock)
    retired = ed.put(f"{LISTS}/{sports}/retired", json={"retired": True})
    assert retired.status_code == 200, retired.text
    assert (retired.json()["retired"], retired.json()["subscribers"]) == (True, 1)
    assert "Sports Daily" not in names_read_by(client, runtime, "main")
    # Nobody may join it now: the reader who left it cannot come back, another cannot join.
    ok(call(client, runtime, "update", unsubscribe=str(sports)))
    refused = call(client, runtime, "update", subscribe=str(sports))
    assert refused.status_code == 400
    assert refused.json()["type"] == "unknown-newsletter"
    other = console_client(app)
    sign_in(other, "grace@example.com")
    ok(call(other, runtime, "update", "grace@example.com", subscribe=str(ids["main-morning"])))
    ed.put(f"{LISTS}/{ids['main-morning']}/retired", json={"retired": True})
    restored = ed.put(f"{LISTS}/{ids['main-morning']}/retired", json={"retired": False})
    assert (restored.json()["retired"], restored.json()["subscribers"]) == (False, 1)
    body = ok(call(other, runtime, "read", "grace@example.com"))
    assert "Morning Report" in [row["name"] for row in body["lists"]["main"]]
    assert ids["main-morning"] in body["userinfo"]["list_subscriptions"]
    actions = [e.action for e in audit_rows(runtime) if e.action.startswith("newsletter_list")]
    assert actions == [
        "newsletter_list.retired",
        "newsletter_list.retired",
        "newsletter_list.restored",
    ]


def test_refusals_say_what_to_fix(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    ids = seed(runtime)
    ed = editor(app, runtime, clock)
    blank = ed.post(LISTS, json={**NEW, "name": "   ", "st_id": "blank"})
    assert blank.status_code == 400
    assert blank.json()["message"] == "The name must not be blank: readers see it."
    long = ed.post(LISTS, json={**NEW, "name": "x" * 121, "st_id": "long"})
    assert long.status_code == 400
    assert "name" in long.json()["message"]
    group = ed.post(LISTS, json={**NEW, "group": "sports", "st_id": "g"})
    assert group.status_code == 400
    assert "group" in group.json()["message"]
    bad_id = ed.post(LISTS, json={**NEW, "st_id": "no spaces"})
    assert bad_id.status_code == 400
    taken = ed.post(LISTS, json={**NEW, "st_id": "main-morning"})
    assert taken.status_code == 409
    assert taken.json() == {
        "type": "list-exists",
        "message": 'The provider id "main-morning" belongs to another list already. '
        "Each list needs its own provider id.",
    }
    missing = ed.get(f"{LISTS}/999999")
    assert missing.status_code == 404
    assert missing.json()["type"] == "list-not-found"
    assert ed.put(f"{LISTS}/999999/retired", json={"retired": True}).status_code == 404
    negative = ed.put(f"{LISTS}/{ids['main-morning']}/position", json={"position": -1})
    assert negative.status_code == 400
    assert audit_rows(runtime, "newsletter_list.created") == []


def test_nobody_else_gets_in(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    seed(runtime)
    assert console_client(app).get(LISTS).status_code == 401
    support = staff_member(app, runtime, clock, "help@example.com", ["support"]).client
    assert support.get(LISTS).status_code == 403
    refused = support.post(LISTS, json={**NEW, "st_id": "sneaky"})
    assert refused.status_code == 403
    sign_in(client)  # a reader without a staff role
    assert client.get(LISTS).json()["message"] == "This account has no staff role."
    mine = {"Origin": TEST_ORIGIN}
    assert client.post(LISTS, json={**NEW, "st_id": "sneaky"}, headers=mine).status_code == 403
    admin = staff_member(app, runtime, clock, "boss@example.com", ["admin"]).client
    assert admin.get(LISTS).status_code == 200
    assert "sneaky" not in [row["st_id"] for row in admin.get(LISTS).json()["lists"]]


def test_a_change_from_another_site_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    answer = ed.post(
        LISTS, json={**NEW, "st_id": "csrf"}, headers={"Origin": "https://evil.example"}
    )
    assert answer.status_code == 403
