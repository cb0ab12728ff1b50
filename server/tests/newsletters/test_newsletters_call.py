"""POST /wp-json/nyp-membership/v1/newsletters: read, update and account_change for the
signed-in reader; subscriptions are Masthead's records, each change queued for the provider."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.newsletters.helpers import EMAIL, call, deliver, ok, pushes, queued, seed


def test_read_answers_the_lists_by_group_and_the_readers_subscriptions(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    sign_in(client)
    body = ok(call(client, runtime, "read"))
    assert list(body["lists"]) == [
        "main",
        "gossip",
        "lifestyle",
        "member-exclusive",
        "team-exclusive",
        "columnist-exclusive",
    ]
    morning = body["lists"]["main"][0]
    assert morning["st_id"] == "main-morning" and morning["exclusive"] is False
    assert all(item["exclusive"] for item in body["lists"]["team-exclusive"])
    assert body["userinfo"] == {"list_subscriptions": [], "paused": False}
    assert body["membership"] == {
        "status": "None",
        "homeDelivery": False,
        "exclusiveAccess": False,
    }


def test_a_reader_subscribes_and_unsubscribes_and_each_change_reaches_the_provider(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    joined = ok(
        call(client, runtime, "update", subscribe=f"{ids['main-morning']}, {ids['life-food']}")
    )
    assert joined["userinfo"]["list_subscriptions"] == sorted(
        [ids["main-morning"], ids["life-food"]]
    )
    # Joining a list one is on already changes nothing and queues nothing.
    ok(call(client, runtime, "update", subscribe=str(ids["main-morning"])))
    left = ok(call(client, runtime, "update", unsubscribe=str(ids["life-food"])))
    assert left["userinfo"]["list_subscriptions"] == [ids["main-morning"]]
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == [
        ids["main-morning"]
    ]

    assert [(job["subscribe"], job["unsubscribe"]) for job in queued(runtime)] == [
        (["main-morning", "life-food"], []),
        ([], ["life-food"]),
    ]
    deliver(runtime)
    assert queued(runtime) == []
    received = pushes(runtime)
    assert [(p["kind"], p["subscribe"], p["unsubscribe"]) for p in received] == [
        ("lists", ["main-morning", "life-food"], []),
        ("lists", [], ["life-food"]),
    ]


def test_a_repeated_delivery_is_recorded_once(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(ids["gossip-royals"])))
    job = queued(runtime)[0]
    deliver(runtime)
    runtime.background.handlers["newsletters.push"](runtime, job)  # the worker died, ran again
    assert len(pushes(runtime)) == 1


def test_an_empty_update_does_nothing(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(ids["main-sports"])))
    before = queued(runtime)
    body = ok(call(client, runtime, "update", subscribe="", unsubscribe=""))
    assert body["userinfo"]["list_subscriptions"] == [ids["main-sports"]]
    assert ok(call(client, runtime, "update"))["userinfo"]["list_subscriptions"] == [
        ids["main-sports"]
    ]
    assert queued(runtime) == before


def test_account_change_records_the_paused_flag_for_the_provider(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    sign_in(client)
    body = ok(call(client, runtime, "account_change", pause_membership="true"))
    assert body["userinfo"]["paused"] is True
    body = ok(call(client, runtime, "account_change", pause_membership="false"))
    assert body["userinfo"]["paused"] is False
    deliver(runtime)
    assert [(p["kind"], p["pause_membership"]) for p in pushes(runtime)] == [
        ("account_change", True),
        ("account_change", False),
    ]


def test_account_change_without_the_flag_is_refused(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    response = call(client, runtime, "account_change")
    assert response.status_code == 400
    assert "pause_membership" in response.json()["message"]
    assert queued(runtime) == []


def test_the_email_must_be_the_signed_in_readers(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sign_in(client)
    for action, extra in [
        ("read", {}),
        ("update", {"subscribe": str(ids["main-morning"])}),
        ("account_change", {"pause_membership": "true"}),
    ]:
        response = call(client, runtime, action, email="someone@example.com", **extra)
        assert response.status_code == 403
        assert response.json()["type"] == "email-mismatch"
        assert "signed in" in response.json()["message"]
    # The address in another case is the same address.
    assert ok(call(client, runtime, "read", email=EMAIL.upper()))["userinfo"]
    assert queued(runtime) == []


def test_a_stranger_is_refused(client: TestClient, runtime: Runtime) -> None:
    response = call(client, runtime, "read")
    assert response.status_code == 401


def test_the_nonce_is_required(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    form = {"action": "read", "email": EMAIL}
    for sent in ({}, {"_ajax_nonce": "not-a-nonce"}):
        response = client.post(
            "/wp-json/nyp-membership/v1/newsletters",
            data={**form, **sent},
            headers={"X-WP-Nonce": ""},
        )
        assert response.status_code == 403
        assert response.json()["type"] == "bad-nonce"
        assert "reload the page" in response.json()["message"]


def test_bad_list_ids_are_refused_and_nothing_is_written(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    morning = ids["main-morning"]
    cases = [
        ({"subscribe": "three"}, "bad-request", "separated by commas"),
        ({"subscribe": f"{morning},999999"}, "unknown-newsletter", "999999"),
        ({"unsubscribe": "99999999999999999999"}, "unknown-newsletter", "99999999999999999999"),
        ({"subscribe": str(morning), "unsubscribe": str(morning)}, "both-lists", "both"),
    ]
    for form, kind, words in cases:
        response = call(client, runtime, "update", **form)
        assert response.status_code == 400, response.text
        assert response.json()["type"] == kind
        assert words in response.json()["message"]
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == []
    assert queued(runtime) == []


def test_an_unknown_action_is_refused(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)
    response = call(client, runtime, "delete")
    assert response.status_code == 400
    assert response.json()["type"] == "bad-request"


def test_writes_are_rate_limited(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sign_in(client)
    runtime.settings.newsletter_writes_per_account = 2
    try:
        for _ in range(2):
            ok(call(client, runtime, "update", subscribe=str(ids["main-morning"])))
        response = call(client, runtime, "update", subscribe=str(ids["main-sports"]))
        assert response.status_code == 429
        assert "Too many attempts" in response.json()["message"]
        ok(call(client, runtime, "read"))  # reading is not a write
    finally:
        runtime.settings.newsletter_writes_per_account = 30
