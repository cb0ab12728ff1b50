"""The signed preferences link of newsletter mail: read and change the reader's newsletters
without signing in, by the same rules as the newsletters call; nothing else."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.newsletters.one_click.tokens import preferences_token, unsubscribe_token
from tests.billing.api_helpers import nonce as card_nonce
from tests.billing.api_helpers import setup, sign_in, subscribe
from tests.newsletters.helpers import call, ok, queued, seed
from tests.newsletters.mail_helpers import preferences_token as token_in
from tests.newsletters.mail_helpers import welcome
from tests.reader_data.helpers import delete

URL = "/newsletters/preferences"


def _link(client: TestClient, runtime: Runtime) -> tuple[dict[str, int], str]:
    """A reader who joined Morning Report, and the preferences token of its welcome mail."""
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(ids["main-morning"])))
    return ids, token_in(welcome(runtime, "Morning Report"))


def _stranger(client: TestClient) -> TestClient:
    return TestClient(client.app, base_url="http://testserver")


def test_the_link_reads_the_readers_newsletters_with_the_address_masked(
    client: TestClient, runtime: Runtime
) -> None:
    ids, token = _link(client, runtime)
    answer = _stranger(client).get(URL, params={"token": token})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["email"] == "a•••@example.com"
    assert body["userinfo"]["list_subscriptions"] == [ids["main-morning"]]
    assert body["membership"]["exclusiveAccess"] is False
    assert body["lists"]["main"][0]["name"] == "Morning Report"
    assert "ada@example.com" not in answer.text


def test_the_link_changes_the_lists_and_tells_the_provider(
    client: TestClient, runtime: Runtime
) -> None:
    ids, token = _link(client, runtime)
    stranger = _stranger(client)
    answer = stranger.post(
        URL,
        json={
            "token": token,
            "subscribe": [ids["life-food"]],
            "unsubscribe": [ids["main-morning"]],
        },
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["userinfo"]["list_subscriptions"] == [ids["life-food"]]
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == [ids["life-food"]]
    last = queued(runtime)[-1]
    assert (last["subscribe"], last["unsubscribe"]) == (["life-food"], ["main-morning"])
    # Both empty: nothing happens (spec section 5).
    same = stranger.post(URL, json={"token": token})
    assert same.status_code == 200 and len(queued(runtime)) == 1


def test_it_grants_no_session(client: TestClient, runtime: Runtime) -> None:
    _ids, token = _link(client, runtime)
    stranger = _stranger(client)
    assert stranger.get(URL, params={"token": token}).status_code == 200
    assert not stranger.cookies
    assert stranger.get("/blaize/profile").status_code == 401


def test_an_exclusive_list_is_refused_to_a_non_member_through_the_link(
    client: TestClient, runtime: Runtime
) -> None:
    ids, token = _link(client, runtime)
    answer = _stranger(client).post(
        URL, json={"token": token, "subscribe": [ids["member-insider"], ids["life-food"]]}
    )
    assert answer.status_code == 403
    assert answer.json()["type"] == "not-entitled"
    assert "Join the membership" in answer.json()["message"]
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == [
        ids["main-morning"]
    ]


def test_a_member_joins_an_exclusive_list_through_the_link(
    client: TestClient, runtime: Runtime
) -> None:
    ids, token = _link(client, runtime)
    assert subscribe(client, "sports-monthly", card_nonce(setup(runtime))).status_code == 200
    answer = _stranger(client).post(URL, json={"token": token, "subscribe": [ids["team-yankees"]]})
    assert answer.status_code == 200, answer.text
    assert ids["team-yankees"] in answer.json()["userinfo"]["list_subscriptions"]


def test_the_same_rules_as_the_newsletters_call(client: TestClient, runtime: Runtime) -> None:
    ids, token = _link(client, runtime)
    stranger = _stranger(client)
    unknown = stranger.post(URL, json={"token": token, "subscribe": [999999]})
    assert unknown.status_code == 400 and unknown.json()["type"] == "unknown-newsletter"
    both = stranger.post(
        URL,
        json={"token": token, "subscribe": [ids["life-food"]], "unsubscribe": [ids["life-food"]]},
    )
    assert both.status_code == 400 and both.json()["type"] == "both-lists"
    not_ids = stranger.post(URL, json={"token": token, "subscribe": ["x"]})
    assert not_ids.status_code == 400


def test_bad_keys_are_refused(client: TestClient, runtime: Runtime) -> None:
    ids, token = _link(client, runtime)
    user_id = int(token.split(".")[1])
    stranger = _stranger(client)
    for bad in (
        unsubscribe_token(runtime.settings.secret_key, user_id, ids["main-morning"]),
        preferences_token("another-secret", user_id, runtime.clock.now()),
        token[:-1] + ("0" if token[-1] != "0" else "1"),
        "p1.x",
    ):
        read = stranger.get(URL, params={"token": bad})
        assert read.status_code == 400 and read.json()["type"] == "invalid-link", bad
        change = stranger.post(URL, json={"token": bad, "unsubscribe": [ids["main-morning"]]})
        assert change.status_code == 400 and change.json()["type"] == "invalid-link"
    assert ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"] == [
        ids["main-morning"]
    ]


def test_the_link_lasts_thirty_days(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    _ids, token = _link(client, runtime)
    clock.at += timedelta(days=29, hours=23)
    assert _stranger(client).get(URL, params={"token": token}).status_code == 200
    clock.at += timedelta(hours=1)
    expired = _stranger(client).get(URL, params={"token": token})
    assert expired.status_code == 400
    assert expired.json() == {
        "type": "link-expired",
        "message": "This newsletter settings link has expired. Sign in to manage your newsletters.",
    }


def test_an_erased_accounts_link_fails_cleanly(client: TestClient, runtime: Runtime) -> None:
    _ids, token = _link(client, runtime)
    assert delete(client).status_code == 200
    answer = _stranger(client).get(URL, params={"token": token})
    assert answer.status_code == 404 and answer.json()["type"] == "account-closed"
    change = _stranger(client).post(URL, json={"token": token, "subscribe": [1]})
    assert change.status_code == 404


def test_the_link_is_rate_limited(client: TestClient, runtime: Runtime) -> None:
    _ids, token = _link(client, runtime)
    runtime.settings.newsletter_preferences_per_address = 2
    stranger = _stranger(client)
    codes = [stranger.get(URL, params={"token": token}).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    assert stranger.post(URL, json={"token": token}).status_code == 429


def test_changes_by_link_count_with_the_readers_other_changes(
    client: TestClient, runtime: Runtime
) -> None:
    runtime.settings.newsletter_writes_per_account = 2
    ids, token = _link(client, runtime)  # one change by the newsletters call already
    stranger = _stranger(client)
    first = stranger.post(URL, json={"token": token, "subscribe": [ids["life-food"]]})
    assert first.status_code == 200
    second = stranger.post(URL, json={"token": token, "unsubscribe": [ids["life-food"]]})
    assert second.status_code == 429
