"""One sign-in on every brand: the chain of hops after a sign-in, its refusals of any
address that is not ours, and the family of sessions that a sign-out ends together."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlsplit

from fastapi.testclient import TestClient

from masthead.identity.cookies import SESSION_COOKIE
from tests.identity.helpers import register

MAIN = "http://127.0.0.1"


def _main_browser(client: TestClient) -> TestClient:
    browser = TestClient(client.app, base_url=MAIN, follow_redirects=False)
    assert register(browser, "chain@example.com").status_code == 200
    return browser


def _follow(browser: TestClient, url: str) -> list[str]:
    """Follow redirects by hand across hosts (the test client keeps cookies per domain)."""
    seen = []
    while True:
        answer = browser.get(url)
        if answer.status_code != 303:
            return seen
        url = answer.headers["location"]
        seen.append(url)
        if not urlsplit(url).path.startswith("/blaize/"):
            return seen


def test_a_sign_in_hops_through_the_other_brands_and_returns(client: TestClient) -> None:
    browser = _main_browser(client)
    hops = _follow(browser, "/blaize/handoff/brands?return=/account/settings")
    hosts = [urlsplit(url).hostname for url in hops]
    assert sorted(hosts[:2]) == ["gossip.localhost", "lifestyle.localhost"]
    assert hops[-1] == f"{MAIN}/account/settings"
    for host in ("gossip.localhost", "lifestyle.localhost"):
        there = browser.get(f"http://{host}/blaize/datalayer").json()["dataLayer"]
        assert there["loggedIn"] is True, host


def test_signing_out_on_one_brand_ends_the_whole_sign_in(client: TestClient) -> None:
    browser = _main_browser(client)
    _follow(browser, "/blaize/handoff/brands?return=/account/settings")
    browser.post("http://gossip.localhost/blaize/logout")
    for origin in (MAIN, "http://lifestyle.localhost"):
        assert browser.get(f"{origin}/blaize/datalayer").status_code == 401, origin


def test_a_session_of_its_own_ends_alone(client: TestClient) -> None:
    first = _main_browser(client)
    second = TestClient(client.app, base_url=MAIN)
    second.post(
        "/blaize/login",
        json={
            "identifiers": {"email_address": "chain@example.com"},
            "validators": {"password": "Correct-Horse-1"},
        },
    )
    second.post("/blaize/logout")
    assert first.get("/blaize/datalayer").json()["dataLayer"]["loggedIn"] is True


def test_signed_out_the_chain_goes_straight_back(client: TestClient) -> None:
    stranger = TestClient(client.app, base_url=MAIN, follow_redirects=False)
    answer = stranger.get("/blaize/handoff/brands?return=/account/settings")
    assert answer.status_code == 303
    assert answer.headers["location"] == f"{MAIN}/account/settings"


def test_the_return_must_be_one_of_our_pages(client: TestClient) -> None:
    browser = _main_browser(client)
    for bad in (
        "https://evil.example/",
        "//evil.example/",
        "/%2F%2Fevil.example",
        "https://127.0.0.1@evil.example/",
        "javascript:alert(1)",
    ):
        answer = browser.get(f"/blaize/handoff/brands?return={quote(bad, safe='')}")
        assert answer.status_code == 400, bad
        assert answer.json()["message"] == "The return address must be a page of one of our sites."


def test_a_hop_goes_on_only_to_our_sites(client: TestClient) -> None:
    browser = _main_browser(client)
    first = browser.get("/blaize/handoff/brands?return=/account/settings").headers["location"]
    code = parse_qs(urlsplit(first).query)["code"][0]
    host = urlsplit(first).netloc
    for bad in (
        "https://evil.example/",
        "http://evil.example/blaize/handoff/hop?code=x&next=/",
        "/account/settings",  # relative: where would it land? refused
        "http://127.0.0.1@evil.example/",
    ):
        answer = browser.get(
            f"http://{host}/blaize/handoff/hop?code={code}&next={quote(bad, safe='')}"
        )
        assert answer.status_code == 400, bad
        assert answer.json()["message"] == "The next address must be one of our sites' pages."
    # The code was not spent by the refused hops.
    good = browser.get(
        f"http://{host}/blaize/handoff/hop?code={code}&next={quote(MAIN + '/account', safe='')}"
    )
    assert good.status_code == 303
    assert SESSION_COOKIE in good.headers["set-cookie"]


def test_a_spent_hop_goes_on_without_signing_in(client: TestClient) -> None:
    browser = _main_browser(client)
    first = browser.get("/blaize/handoff/brands?return=/account/settings").headers["location"]
    stranger = TestClient(client.app, follow_redirects=False)
    assert stranger.get(first).status_code == 303  # spends it
    again = TestClient(client.app, follow_redirects=False).get(first)
    assert again.status_code == 303
    assert "set-cookie" not in again.headers


def test_a_hop_from_another_network_goes_on_without_signing_in(client: TestClient) -> None:
    """A reader's hop link, opened from elsewhere (sent on by an attacker): nobody is signed
    in; the hop still goes on, so the chain never strands a browser."""
    browser = _main_browser(client)
    first = browser.get("/blaize/handoff/brands?return=/account/settings").headers["location"]
    elsewhere = TestClient(client.app, follow_redirects=False, client=("198.51.100.20", 50000))
    answer = elsewhere.get(first)
    assert answer.status_code == 303
    assert "set-cookie" not in answer.headers
    # The code was not spent: the reader's own browser still signs in with it.
    assert SESSION_COOKIE in browser.get(first).headers["set-cookie"]


def test_a_site_signed_in_already_joins_the_new_sign_in(client: TestClient) -> None:
    browser = _main_browser(client)
    _follow(browser, "/blaize/handoff/brands?return=/account/settings")
    # Signed in again on the main site (a second login): the hops find the others signed in.
    browser.post(
        "/blaize/login",
        json={
            "identifiers": {"email_address": "chain@example.com"},
            "validators": {"password": "Correct-Horse-1"},
        },
    )
    _follow(browser, "/blaize/handoff/brands?return=/account/settings")
    browser.post("/blaize/logout")
    for origin in ("http://gossip.localhost", "http://lifestyle.localhost"):
        assert browser.get(f"{origin}/blaize/datalayer").status_code == 401, origin
