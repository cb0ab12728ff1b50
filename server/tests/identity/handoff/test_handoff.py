"""The hand-off: a one-time code minted by a signed-in reader (or the app) becomes a new
session on the target site; spent, expired, foreign and unknown codes sign nobody in."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from tests.identity.helpers import register

MAIN = "http://127.0.0.1"
GOSSIP = "http://gossip.localhost"


def _signed_in(client: TestClient, email: str = "hand@example.com") -> None:
    assert register(client, email).status_code == 200


def _mint(client: TestClient, **body: object) -> dict[str, str]:
    response = client.post("/blaize/handoff", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def _browser(app_client: TestClient) -> TestClient:
    """Another browser: no cookies of the first."""
    return TestClient(app_client.app, base_url=GOSSIP)


def test_a_code_for_another_brand_signs_the_reader_in_there(client: TestClient) -> None:
    _signed_in(client)
    minted = _mint(client, brand="gossip", redirect="/account/settings/newsletters")
    url = urlsplit(minted["url"])
    assert f"{url.scheme}://{url.netloc}" == GOSSIP
    assert url.path == "/account/handoff"
    query = parse_qs(url.query)
    assert query == {"code": [minted["code"]], "redirect": ["/account/settings/newsletters"]}
    assert len(minted["code"]) >= 43  # 32 random bytes

    other = _browser(client)
    assert other.get("/blaize/datalayer").status_code == 401
    answer = other.post("/blaize/handoff/redeem", json={"code": minted["code"]})
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"redirect": "/account/settings/newsletters", "mobileApp": False}
    cookie = answer.headers["set-cookie"]
    assert f"{SESSION_COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert other.cookies[SESSION_COOKIE] != client.cookies[SESSION_COOKIE]  # a new session
    assert other.get("/blaize/account").json()["identifiers"]["email_address"] == "hand@example.com"


def test_the_app_hands_its_reader_to_the_web_in_mobile_app_mode(client: TestClient) -> None:
    _signed_in(client)
    token = client.cookies[SESSION_COOKIE]
    app = TestClient(client.app, base_url=MAIN)  # the app: no Origin, its session as a header
    minted = app.post(
        "/blaize/handoff",
        json={"app": True, "redirect": "/account/appsubscribe"},
        headers={"Cookie": f"{SESSION_COOKIE}={token}"},
    ).json()
    assert parse_qs(urlsplit(minted["url"]).query)["mobileApp"] == ["true"]
    assert minted["url"].startswith(f"{MAIN}/account/handoff?")
    web = TestClient(client.app, base_url=MAIN)
    answer = web.post("/blaize/handoff/redeem", json={"code": minted["code"]})
    assert answer.json() == {"redirect": "/account/appsubscribe", "mobileApp": True}
    # The web session is the reader's own: signing out of the web leaves the app signed in.
    web.post("/blaize/logout")
    assert (
        app.get("/blaize/account", headers={"Cookie": f"{SESSION_COOKIE}={token}"}).status_code
        == 200
    )


def test_a_code_is_good_once(client: TestClient) -> None:
    _signed_in(client)
    code = _mint(client, brand="gossip")["code"]
    assert _browser(client).post("/blaize/handoff/redeem", json={"code": code}).status_code == 200
    again = _browser(client).post("/blaize/handoff/redeem", json={"code": code})
    assert again.status_code == 410
    assert again.json() == {
        "type": "handoff-expired",
        "message": "This sign-in link has expired or was already used. Please log in instead.",
    }
    assert SESSION_COOKIE not in again.headers.get("set-cookie", "")


def test_a_code_expires_after_a_minute(client: TestClient, clock: FrozenClock) -> None:
    _signed_in(client)
    code = _mint(client, brand="gossip")["code"]
    clock.at += timedelta(seconds=61)
    late = _browser(client).post("/blaize/handoff/redeem", json={"code": code})
    assert late.status_code == 410
    assert late.json()["type"] == "handoff-expired"


def test_a_code_for_another_site_is_refused(client: TestClient) -> None:
    _signed_in(client)
    code = _mint(client, brand="lifestyle")["code"]
    wrong = _browser(client).post("/blaize/handoff/redeem", json={"code": code})  # gossip
    assert wrong.status_code == 400
    assert wrong.json() == {
        "type": "handoff-other-host",
        "message": "This sign-in link is for another of our sites. Please log in instead.",
    }
    # Still good where it belongs.
    right = TestClient(client.app, base_url="http://lifestyle.localhost")
    assert right.post("/blaize/handoff/redeem", json={"code": code}).status_code == 200


def test_a_link_someone_else_made_signs_nobody_in(client: TestClient) -> None:
    """Login CSRF: a code minted for one's own account, sent as a link to another reader,
    must not sign that reader's browser in to it. A code is good from its own network only."""
    _signed_in(client, "attacker@example.com")
    code = _mint(client, brand="gossip")["code"]
    victim = TestClient(client.app, base_url=GOSSIP, client=("198.51.100.20", 50000))
    answer = victim.post("/blaize/handoff/redeem", json={"code": code})
    assert answer.status_code == 400
    assert answer.json() == {
        "type": "handoff-other-network",
        "message": "This sign-in link was made on another network or device. Please log in "
        "here with your email address and password.",
    }
    assert SESSION_COOKIE not in victim.cookies
    assert victim.get("/blaize/datalayer").status_code == 401
    # Still good for the browser it was made for.
    assert _browser(client).post("/blaize/handoff/redeem", json={"code": code}).status_code == 200


def test_an_unknown_code_is_refused(client: TestClient) -> None:
    answer = client.post("/blaize/handoff/redeem", json={"code": "x" * 43})
    assert answer.status_code == 400
    assert answer.json()["message"] == "This sign-in link is not valid. Please log in instead."
    assert SESSION_COOKIE not in client.cookies


def test_minting_needs_a_signed_in_reader(client: TestClient) -> None:
    answer = client.post("/blaize/handoff", json={"brand": "gossip"})
    assert answer.status_code == 401


def test_the_landing_path_must_stay_on_the_site(client: TestClient) -> None:
    _signed_in(client)
    for bad in ("//evil.example/x", "https://evil.example/", "/%2F%2Fevil.example", "/\\evil"):
        answer = client.post("/blaize/handoff", json={"brand": "gossip", "redirect": bad})
        assert answer.status_code == 400, bad
        assert answer.json()["type"] == "bad-request"
    decoded = client.post("/blaize/handoff", json={"redirect": "/%2F%2Fevil.example"})
    assert decoded.json()["message"] == (
        "The redirect must be a path on our site, such as /account/settings."
    )


def test_a_browser_signed_in_as_someone_else_is_not_switched(client: TestClient) -> None:
    _signed_in(client, "first@example.com")
    code = _mint(client, brand="gossip")["code"]
    other = _browser(client)
    assert register(other, "second@example.com").status_code == 200
    answer = other.post("/blaize/handoff/redeem", json={"code": code})
    assert answer.status_code == 409
    assert answer.json()["type"] == "signed-in-as-someone-else"
    assert other.get("/blaize/account").json()["identifiers"]["email_address"] == (
        "second@example.com"
    )


def test_minting_and_redeeming_are_limited(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.handoffs_per_reader = 2
    _signed_in(client)
    assert client.post("/blaize/handoff", json={"brand": "gossip"}).status_code == 200
    assert client.post("/blaize/handoff", json={"brand": "gossip"}).status_code == 200
    refused = client.post("/blaize/handoff", json={"brand": "gossip"})
    assert refused.status_code == 429
    assert refused.json()["type"] == "too-many-requests"

    runtime.settings.handoffs_per_address = 1
    stranger = _browser(client)
    stranger.post("/blaize/handoff/redeem", json={"code": "a" * 43})
    assert stranger.post("/blaize/handoff/redeem", json={"code": "b" * 43}).status_code == 429
