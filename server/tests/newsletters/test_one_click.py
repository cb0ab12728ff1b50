"""POST {List-Unsubscribe URL}: one-click unsubscribe (RFC 8058) from one list, with no cookie
and any Origin, as mail providers send it; GET changes nothing; forged keys are refused."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.newsletters.models import NewsletterList
from masthead.newsletters.one_click.tokens import preferences_token, unsubscribe_token
from tests.billing.api_helpers import sign_in
from tests.newsletters.helpers import call, ok, queued, seed
from tests.newsletters.mail_helpers import unsubscribe_path, welcome
from tests.reader_data.helpers import delete

ONE_CLICK = {"List-Unsubscribe": "One-Click"}
PROVIDER = {"Origin": "https://mail.provider.example"}


def _joined(client: TestClient, runtime: Runtime, *names: str) -> dict[str, int]:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=",".join(str(ids[n]) for n in names)))
    return ids


def _subscriptions(client: TestClient, runtime: Runtime) -> list[int]:
    result: list[int] = ok(call(client, runtime, "read"))["userinfo"]["list_subscriptions"]
    return result


def test_the_one_click_post_leaves_that_one_list_and_tells_the_provider(
    client: TestClient, runtime: Runtime
) -> None:
    ids = _joined(client, runtime, "main-morning", "life-food")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    session = client.cookies.get(SESSION_COOKIE)
    client.cookies.clear()  # a mail provider's server: no cookie, another Origin

    answer = client.post(path, data=ONE_CLICK, headers=PROVIDER)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    assert "You have left Morning Report." in answer.text
    assert "a•••@example.com" in answer.text and "ada@example.com" not in answer.text
    assert answer.headers["cache-control"] == "no-store"

    client.cookies.set(SESSION_COOKIE, session or "")
    assert _subscriptions(client, runtime) == [ids["life-food"]]
    assert queued(runtime)[-1]["unsubscribe"] == ["main-morning"]
    assert queued(runtime)[-1]["subscribe"] == []


def test_a_repeated_post_is_200_and_changes_nothing(client: TestClient, runtime: Runtime) -> None:
    ids = _joined(client, runtime, "main-morning", "life-food")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    pushes_before = len(queued(runtime))
    anonymous = TestClient(client.app, base_url="http://testserver")
    assert anonymous.post(path, data=ONE_CLICK).status_code == 200
    again = anonymous.post(path, data=ONE_CLICK)
    assert again.status_code == 200 and "You have left Morning Report." in again.text
    assert len(queued(runtime)) == pushes_before + 1  # one change told the provider, not two
    assert _subscriptions(client, runtime) == [ids["life-food"]]


def test_a_post_without_a_body_works_and_a_wrong_body_is_refused(
    client: TestClient, runtime: Runtime
) -> None:
    _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    anonymous = TestClient(client.app, base_url="http://testserver")
    wrong = anonymous.post(path, data={"List-Unsubscribe": "Yes"})
    assert wrong.status_code == 400
    assert wrong.json()["type"] == "bad-request"
    assert "List-Unsubscribe: Input should be 'One-Click'" in wrong.json()["message"]
    assert _subscriptions(client, runtime) != []
    assert anonymous.post(path).status_code == 200
    assert _subscriptions(client, runtime) == []


def test_get_shows_a_confirmation_and_leaves_nothing(client: TestClient, runtime: Runtime) -> None:
    ids = _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    anonymous = TestClient(client.app, base_url="http://testserver")
    page = anonymous.get(path)
    assert page.status_code == 200
    assert "Stop sending Morning Report to a•••@example.com?" in page.text
    assert 'name="List-Unsubscribe" value="One-Click"' in page.text
    assert page.headers["referrer-policy"] == "same-origin"
    assert _subscriptions(client, runtime) == [ids["main-morning"]]


def test_forged_tampered_and_other_purpose_keys_are_refused(
    client: TestClient, runtime: Runtime
) -> None:
    ids = _joined(client, runtime, "main-morning", "life-food")
    secret = runtime.settings.secret_key
    user_id = int(unsubscribe_path(welcome(runtime, "Morning Report")).split(".")[1])
    good = unsubscribe_token(secret, user_id, ids["main-morning"])
    _, uid, list_id, signature = good.split(".")
    refused = [
        f"u1.{uid}.{ids['life-food']}.{signature}",  # another list, this list's signature
        f"u1.{int(uid) + 1}.{list_id}.{signature}",  # another reader
        unsubscribe_token("another-secret", user_id, ids["main-morning"]),  # not our key
        preferences_token(secret, user_id, runtime.clock.now()),  # another purpose
        good[:-1] + ("0" if good[-1] != "0" else "1"),  # tampered
        "u1.1.2",
        "été",
        "u1.99999999999999999999.1.abc",
    ]
    anonymous = TestClient(client.app, base_url="http://testserver")
    for token in refused:
        answer = anonymous.post(f"/newsletters/unsubscribe/{token}", data=ONE_CLICK)
        assert answer.status_code == 400, (token, answer.text)
        assert answer.json()["type"] == "invalid-link"
        assert "not valid" in answer.json()["message"]
        page = anonymous.get(f"/newsletters/unsubscribe/{token}")
        assert page.status_code == 404 and "not valid" in page.text
    assert sorted(_subscriptions(client, runtime)) == sorted(
        [ids["main-morning"], ids["life-food"]]
    )


def test_an_erased_accounts_key_no_longer_works(client: TestClient, runtime: Runtime) -> None:
    _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    assert delete(client).status_code == 200
    anonymous = TestClient(client.app, base_url="http://testserver")
    answer = anonymous.post(path, data=ONE_CLICK)
    assert answer.status_code == 404
    assert answer.json()["type"] == "account-closed"
    assert anonymous.get(path).status_code == 404
    sign_in(client)  # the same address, a new account: the old key names the old id only
    assert anonymous.post(path, data=ONE_CLICK).status_code == 404


def test_a_retired_list_can_still_be_left(client: TestClient, runtime: Runtime) -> None:
    ids = _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    with runtime.sessions.begin() as db:
        row = db.get(NewsletterList, ids["main-morning"])
        assert row is not None
        row.retired = True
    anonymous = TestClient(client.app, base_url="http://testserver")
    assert anonymous.post(path, data=ONE_CLICK).status_code == 200
    assert _subscriptions(client, runtime) == []


def test_one_click_is_rate_limited_per_address(client: TestClient, runtime: Runtime) -> None:
    _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    runtime.settings.newsletter_one_click_per_address = 3
    anonymous = TestClient(client.app, base_url="http://testserver")
    answers = [anonymous.post(path, data=ONE_CLICK).status_code for _ in range(4)]
    assert answers == [200, 200, 200, 429]
    assert anonymous.post("/newsletters/unsubscribe/u1.1.1.x").status_code == 429


def test_the_origin_check_lets_a_cookieless_post_through_but_not_a_cookie_riding_one(
    client: TestClient, runtime: Runtime
) -> None:
    _joined(client, runtime, "main-morning")
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    # The reader's browser on another site, carrying their session cookie: refused as always.
    riding = client.post(path, data=ONE_CLICK, headers={"Origin": "https://evil.example"})
    assert riding.status_code == 403
    assert riding.json()["type"] == "cross-origin-refused"
    # The newsletters call itself stays protected the same way.
    assert (
        client.post(
            "/wp-json/nyp-membership/v1/newsletters",
            data={"action": "update", "email": "ada@example.com", "unsubscribe": "1"},
            headers={"Origin": "https://evil.example"},
        ).status_code
        == 403
    )
    assert _subscriptions(client, runtime) != []
    # The same POST without a cookie, from anywhere: it is the key that counts.
    anonymous = TestClient(client.app, base_url="http://testserver")
    assert (
        anonymous.post(path, data=ONE_CLICK, headers={"Origin": "https://evil.example"}).status_code
        == 200
    )
    assert _subscriptions(client, runtime) == []
