"""The static pages every footer, the register form, checkout and the cancellation link point
to: /membership-terms (with its #cancellation section), /terms/ and /privacy/, per brand, in
the publisher pages' layout, their text editable without a deploy."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.site.brands import BRANDS

PAGES = "/operator/v1/static-pages"
KEY = "pages-operator-key"
OPERATOR = {"Authorization": f"Bearer {KEY}"}
HOSTS = {"main": "127.0.0.1", "gossip": "gossip.localhost", "lifestyle": "lifestyle.localhost"}


def operator_on(runtime: Runtime) -> None:
    runtime.settings.static_pages_key = KEY


@pytest.mark.parametrize("brand", sorted(BRANDS))
@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/membership-terms", "Membership terms"),
        ("/terms/", "Terms of use"),
        ("/privacy/", "Privacy policy"),
    ],
)
def test_each_brand_serves_each_page_in_its_layout(
    client: TestClient, brand: str, path: str, heading: str
) -> None:
    name = BRANDS[brand].name
    page = client.get(path, headers={"host": HOSTS[brand]})
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    html = page.text
    assert f"<title>{heading} | {name}</title>" in html
    assert f'<h1 class="page-title">{heading}</h1>' in html
    assert f'data-brand="{brand}"' in html
    assert f'class="site-header__brand" href="/">{name}</a>' in html  # the site's own header
    assert '<nav aria-label="Legal">' in html  # and its footer
    assert f'<link rel="icon" href="/favicon/{brand}.svg" type="image/svg+xml">' in html
    assert name in html.split('<main id="main">')[1]  # the text names the brand


def test_the_membership_terms_have_the_cancellation_section(client: TestClient) -> None:
    html = client.get("/membership-terms").text
    section = re.search(r'<h2 id="cancellation">([^<]+)</h2><p>(.+?)</p>', html)
    assert section is not None
    assert section.group(1) == "Cancelling your membership"
    assert "cancel at any time" in section.group(2)
    assert 'href="/account/settings/membership"' in section.group(2)


def test_the_membership_terms_say_how_often_the_monthly_plan_is_charged(
    client: TestClient,
) -> None:
    # The gateway charges a monthly plan on the same day each month (billing frequency 1), as
    # the payflow and the membership screen say: never "every 4 weeks".
    html = client.get("/membership-terms").text
    assert "The monthly plan is billed every month" in html
    assert "4 weeks" not in html


def test_the_other_spelling_of_each_path_redirects(client: TestClient) -> None:
    for asked, canonical in (
        ("/membership-terms/", "/membership-terms"),
        ("/terms", "/terms/"),
        ("/privacy", "/privacy/"),
    ):
        moved = client.get(asked, follow_redirects=False)
        assert (moved.status_code, moved.headers["location"]) == (301, canonical)


def test_an_operators_edit_shows_on_the_next_view_and_reset_brings_the_default_back(
    client: TestClient, runtime: Runtime
) -> None:
    operator_on(runtime)
    body = (
        "<p>Updated terms for <strong>readers</strong>.</p>"
        '<h2 id="cancellation">How to cancel</h2><p>Open <a href="/account/settings/membership">'
        "Membership</a>.</p>"
    )
    stored = client.put(
        f"{PAGES}/gossip/membership-terms",
        json={"title": "  Scoop membership terms ", "body": body},
        headers=OPERATOR,
    )
    assert stored.status_code == 200, stored.text
    answer = stored.json()
    assert answer["title"] == "Scoop membership terms"
    assert (answer["path"], answer["edited"]) == ("/membership-terms", True)
    assert answer["updatedAt"].startswith("2026-11-22T12:00:00")
    assert stored.headers["cache-control"] == "no-store"

    page = client.get("/membership-terms", headers={"host": "gossip.localhost"}).text
    assert "<title>Scoop membership terms | The Scoop</title>" in page
    assert body in page
    # Only that brand's page changed.
    assert "How to cancel" not in client.get("/membership-terms").text

    listed = client.get(PAGES, headers=OPERATOR).json()["pages"]
    assert len(listed) == 9
    assert [p["slug"] for p in listed if p["edited"]] == ["membership-terms"]

    reset = client.delete(f"{PAGES}/gossip/membership-terms", headers=OPERATOR)
    assert (reset.status_code, reset.json()["edited"], reset.json()["updatedAt"]) == (
        200,
        False,
        None,
    )
    page = client.get("/membership-terms", headers={"host": "gossip.localhost"}).text
    assert "<title>Membership terms | The Scoop</title>" in page
    assert client.get(f"{PAGES}/gossip/membership-terms", headers=OPERATOR).json() == reset.json()


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ("<p>Hi</p><script>alert(1)</script>", "may not contain <script>"),
        ('<p onclick="steal()">Hi</p>', 'attribute "onclick"'),
        ("<h1>Terms</h1>", "<h1>"),
        ('<a href="javascript:alert(1)">x</a>', "is not allowed"),
        ('<a href="//evil.example/">x</a>', "is not allowed"),
        ('<a href="/\tevil">x</a>', "is not allowed"),
        ('<h2 id="a">A</h2><h2 id="a">B</h2>', "used twice"),
        ("<p>No cancellation section.</p>", 'id="cancellation"'),
        ("", "at least 1 character"),
    ],
)
def test_a_body_that_does_not_fit_is_refused_and_nothing_changes(
    client: TestClient, runtime: Runtime, body: str, says: str
) -> None:
    operator_on(runtime)
    before = client.get("/membership-terms").text
    refused = client.put(
        f"{PAGES}/main/membership-terms", json={"title": "Terms", "body": body}, headers=OPERATOR
    )
    assert refused.status_code == 400
    assert refused.json()["type"] == "bad-request"
    assert says in refused.json()["message"]
    assert client.get("/membership-terms").text == before


def test_other_pages_need_no_cancellation_section(client: TestClient, runtime: Runtime) -> None:
    operator_on(runtime)
    stored = client.put(
        f"{PAGES}/lifestyle/privacy",
        json={"title": "Privacy", "body": "<p>We keep little.</p>"},
        headers=OPERATOR,
    )
    assert stored.status_code == 200
    page = client.get("/privacy/", headers={"host": "lifestyle.localhost"})
    assert "<p>We keep little.</p>" in page.text


def test_unknown_pages_and_brands_are_404(client: TestClient, runtime: Runtime) -> None:
    operator_on(runtime)
    for path in (f"{PAGES}/main/about", f"{PAGES}/nypost/terms"):
        for method, body in (("GET", None), ("PUT", {"title": "x", "body": "<p>x</p>"})):
            missing = client.request(method, path, json=body, headers=OPERATOR)
            assert (missing.status_code, missing.json()["type"]) == (404, "page-not-found")
            assert "membership-terms, terms, privacy" in missing.json()["message"]


def test_the_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    absent = client.get(PAGES, headers=OPERATOR)
    assert (absent.status_code, absent.json()["type"]) == (404, "not-found")
    operator_on(runtime)
    for headers in ({}, {"Authorization": "Bearer wrong"}):
        for method, path in (("GET", PAGES), ("PUT", f"{PAGES}/main/terms")):
            refused = client.request(
                method, path, json={"title": "x", "body": "<p>x</p>"}, headers=headers
            )
            assert (refused.status_code, refused.json()["type"]) == (401, "unauthorized")
    assert "Membership terms" in client.get("/membership-terms").text
