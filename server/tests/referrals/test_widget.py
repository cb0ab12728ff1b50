"""cookie_user, upsert and render: the render-response contract, and the templates."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.models import ReferralUser
from masthead.referrals.seed import demo_js_options
from tests.referrals.helpers import BASE, TENANT, count, seed, upsert


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def test_upsert_creates_the_participant_and_renders(client: TestClient) -> None:
    response = upsert(
        client, "acct-1", "user-1", email="Ada@Example.com", firstName="Ada", lastName="Lovelace"
    )
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"template", "user", "jsOptions"}
    assert body["jsOptions"] == demo_js_options()
    user = body["user"]
    assert user["id"] == "user-1" and user["accountId"] == "acct-1"
    assert user["email"] == "Ada@example.com"
    assert (user["firstName"], user["lastName"]) == ("Ada", "Lovelace")
    assert re.fullmatch(r"ADALOVELACE[A-Z2-9]{4}", user["referralCode"])
    link = f"http://testserver/a/{TENANT}/r/{user['referralCode']}"
    assert user["shareLinks"]["shareLink"] == link
    assert set(user["shareLinks"]) == {
        "shareLink",
        "emailShareLink",
        "facebookShareLink",
        "twitterShareLink",
        "linkedinShareLink",
        "smsShareLink",
        "whatsappShareLink",
    }
    assert "referredBy" not in user
    assert body["template"].startswith("<!doctype html>")
    assert link in body["template"]


def test_upsert_again_updates_and_keeps_the_code(client: TestClient, runtime: Runtime) -> None:
    first = upsert(client, "a", "u", firstName="Ada").json()["user"]
    again = upsert(client, "a", "u", firstName="Augusta", locale="fr_FR").json()["user"]
    assert again["referralCode"] == first["referralCode"]
    assert again["firstName"] == "Augusta" and again["locale"] == "fr_FR"
    assert count(runtime, ReferralUser) == 1
    post = client.post(
        f"{BASE}/widget/account/a/user/u/upsert", json={"lastName": "King"}
    )  # POST is accepted too
    assert post.status_code == 200 and post.json()["user"]["lastName"] == "King"


def test_upsert_validates_its_input(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], dict[str, str] | None, str]] = [
        ({"email": "not-an-email"}, None, "email is not a valid email address."),
        ({"firstName": "x" * 101}, None, "firstName must be at most 100 characters."),
        ({"id": "someone-else"}, None, "must match the ids in the path"),
        ({}, {"widgetType": "BOGUS"}, "widgetType must be"),
        ({}, {"engagementMedium": "BILLBOARD"}, "engagementMedium must be one of"),
        ({}, {"locale": "english"}, "locale must look like"),
    ]
    for body, params, message in cases:
        response = upsert(client, "a", "u", params=params, **body)
        assert response.status_code == 400, body
        error = response.json()
        assert message in error["message"]
        assert error["type"] == "bad-request"
        assert error["apiErrorCode"] == "BAD_REQUEST"
        assert error["statusCode"] == 400 and error["rsCode"].startswith("RS")
    bad_json = client.put(
        f"{BASE}/widget/account/a/user/u/upsert",
        content=b"{nope",
        headers={"content-type": "application/json"},
    )
    assert bad_json.status_code == 400 and bad_json.json()["apiErrorCode"] == "BAD_REQUEST"


def test_control_characters_are_dropped_from_names(client: TestClient) -> None:
    user = upsert(client, "a", "u", firstName="Ada\r\nBcc: x@example.com").json()["user"]
    assert user["firstName"] == "AdaBcc: x@example.com"


def test_render_existing_and_unknown_users(client: TestClient) -> None:
    upsert(client, "a", "u", firstName="Ada")
    ok = client.get(
        f"{BASE}/widget/account/a/user/u/render", params={"widgetType": "CONVERSION_WIDGET"}
    )
    assert ok.status_code == 200
    assert ok.json()["user"]["id"] == "u"
    assert "There is no referral reward waiting for you." in ok.json()["template"]

    missing = client.get(f"{BASE}/widget/account/a/user/nobody/render")
    assert missing.status_code == 404
    error = missing.json()
    assert error["apiErrorCode"] == "USER_NOT_FOUND"
    assert error["type"] == "user-not-found"
    assert error["statusCode"] == 404
    assert error["rsCode"] == "RS1441"
    assert "Upsert the user first" in error["message"]


def test_unknown_tenant_and_programme(client: TestClient) -> None:
    response = client.get("/api/v1/nobody_here/widget/account/a/user/u/render")
    assert response.status_code == 404
    assert response.json()["apiErrorCode"] == "TENANT_NOT_FOUND"
    upsert(client, "a", "u")
    response = client.get(
        f"{BASE}/widget/account/a/user/u/render",
        params={"widgetType": "p/no-such/w/referrerWidget"},
    )
    assert response.status_code == 404
    assert response.json()["apiErrorCode"] == "PROGRAM_NOT_FOUND"


def test_programme_widget_types(client: TestClient) -> None:
    upsert(client, "a", "u")
    for widget_type, text in [
        ("p/masthead-referral/w/referrerWidget", "Your referral link"),
        ("p/masthead-referral/w/referredWidget", "Your reward"),
    ]:
        body = client.get(
            f"{BASE}/widget/account/a/user/u/render", params={"widgetType": widget_type}
        )
        assert text in body.json()["template"], widget_type


def test_cookie_user_is_remembered_by_its_visitor_cookie(
    client: TestClient, runtime: Runtime
) -> None:
    url = f"{BASE}/widget/user/cookie_user"
    first = client.put(url, params={"engagementMedium": "EMBED"}, json={"firstName": "Visitor"})
    assert first.status_code == 200
    set_cookie = first.headers["set-cookie"]
    assert set_cookie.startswith("masthead_referral_visitor=")
    assert "HttpOnly" in set_cookie
    assert f"Path=/api/v1/{TENANT}/widget/user" in set_cookie
    assert "SameSite=lax" in set_cookie
    user = first.json()["user"]
    assert user["id"] == user["accountId"] and user["id"].startswith("anon_")
    token = set_cookie.split(";")[0].split("=", 1)[1]
    assert token not in first.text  # the id is derived from the secret, never the secret

    again = client.put(url, json={"email": "visitor@example.com"})
    assert again.status_code == 200
    assert "set-cookie" not in again.headers
    assert again.json()["user"]["id"] == user["id"]
    assert again.json()["user"]["email"] == "visitor@example.com"
    assert count(runtime, ReferralUser) == 1

    client.cookies.clear()
    other = client.post(url)  # POST and an empty body work too
    assert other.status_code == 200
    assert other.json()["user"]["id"] != user["id"]


HOSTILE = '<script>alert("x")</script>'


def test_templates_escape_every_value(client: TestClient) -> None:
    upsert(client, "a", "u", firstName=HOSTILE, lastName='"><img src=x onerror=alert(1)>')
    for widget_type in ("REFERRER_WIDGET", "CONVERSION_WIDGET"):
        template = client.get(
            f"{BASE}/widget/account/a/user/u/render", params={"widgetType": widget_type}
        ).json()["template"]
        assert HOSTILE not in template
        assert "<img" not in template
    template = client.get(f"{BASE}/widget/account/a/user/u/render").json()["template"]
    # the template engine's (markupsafe's) spelling of an escaped quote
    assert "Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;!" in template


def test_templates_are_complete_accessible_and_self_contained(client: TestClient) -> None:
    upsert(client, "a", "u", firstName="Ada")
    template = client.get(
        f"{BASE}/widget/account/a/user/u/render", params={"locale": "en_GB"}
    ).json()["template"]
    assert template.startswith('<!doctype html>\n<html lang="en-GB">')
    assert template.rstrip().endswith("</html>")
    assert "<title>Refer a friend</title>" in template
    assert '<label for="share-link">Your referral link</label>' in template
    assert '<input id="share-link" type="text" readonly' in template
    assert 'aria-label="Close"' in template
    assert 'role="status"' in template
    links = dict(
        re.findall(
            r'<a href="([^"]+)" target="_blank" rel="noopener noreferrer" '
            r'data-squatch-share="([A-Z]+)"',
            template,
        )
    )
    assert sorted(links.values()) == ["EMAIL", "FACEBOOK", "LINKEDIN", "SMS", "TWITTER", "WHATSAPP"]
    for url in links:
        assert url.startswith(("mailto:?", "sms:?", "https://"))
        assert "http%3A%2F%2Ftestserver%2Fa%2Ftest_masthead%2Fr%2FADA" in url.replace("&amp;", "&")
    assert (
        '<button type="button" data-squatch-copy="share-link" data-squatch-share="DIRECT">'
        "Copy</button>" in template
    )
    assert '<button type="button" class="close" data-squatch-close aria-label="Close">' in template
    assert '<main class="squatch-container">' in template
    assert "<dt>Friends referred</dt><dd>0</dd>" in template
    assert "<dt>Friends who joined</dt><dd>0</dd>" in template
    assert "No rewards yet." in template
    # the frame protocol
    assert 'window.parent.postMessage(message, "*")' in template
    assert "message.squatch = 1" in template
    for message in ('type: "height"', 'type: "close"', 'type: "shared"'):
        assert message in template
    assert "preventDefault" not in template  # share links open by themselves
    assert "ResizeObserver" in template
    assert 'data.type === "opened"' in template
    # nothing is loaded from anywhere
    for loader in ("<link", "<img", " src=", "@import", "url(", "@font-face", "<iframe"):
        assert loader not in template, loader


CLOSE = 'data-squatch-close aria-label="Close"'


@pytest.mark.parametrize(("medium", "closable"), [("POPUP", True), ("CTA", True), ("EMBED", False)])
def test_only_a_popup_has_a_close_button(client: TestClient, medium: str, closable: bool) -> None:
    upsert(client, "a", "u")
    for widget_type in ("REFERRER_WIDGET", "CONVERSION_WIDGET"):
        template = client.get(
            f"{BASE}/widget/account/a/user/u/render",
            params={"widgetType": widget_type, "engagementMedium": medium},
        ).json()["template"]
        assert (CLOSE in template) is closable, (widget_type, medium)


def test_an_embed_through_graphql_has_no_close_button(client: TestClient) -> None:
    query = "query ($m: UserEngagementMedium) { renderWidget(engagementMedium: $m) { template } }"
    for medium, closable in (("EMBED", False), ("POPUP", True)):
        reply = client.post(f"{BASE}/graphql", json={"query": query, "variables": {"m": medium}})
        assert (CLOSE in reply.json()["data"]["renderWidget"]["template"]) is closable, medium


@pytest.mark.parametrize(
    ("widget_type", "label"),
    [("REFERRER_WIDGET", "Refer a friend"), ("CONVERSION_WIDGET", "Your reward")],
)
def test_every_template_carries_a_hidden_cta_button(
    client: TestClient, widget_type: str, label: str
) -> None:
    upsert(client, "a", "u")
    template = client.get(
        f"{BASE}/widget/account/a/user/u/render", params={"widgetType": widget_type}
    ).json()["template"]
    found = re.findall(
        r'<div id="cta" hidden><button type="button" style="[^"<>]+">([^<]+)</button></div>',
        template,
    )
    # Outside the inner container, so it never counts in the widget's height.
    assert found == [label]
    assert template.index("</main>") < template.index('id="cta"')
