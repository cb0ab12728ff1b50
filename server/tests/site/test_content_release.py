"""GET /wp-json/nyp-membership/v1/content/{contentId}: the body goes only where the server
says the reader is entitled; nothing the browser can write changes that."""

from __future__ import annotations

from datetime import date

import pytest
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE, TRACKING_COOKIE
from tests.billing.api_helpers import (
    PAY,
    follow_verification_link,
    nonce,
    on,
    setup,
    sign_in,
    subscribe,
)
from tests.site.stories import (
    SITE,
    content_id,
    demo_story,
    engine_entitlement,
    get_content,
    page_nonce,
    seed,
)

MEMBERS = demo_story("main", "members")
FREE = demo_story("main", "free")
PRIVATE = "private, no-store"


def _body_html(paragraphs: tuple[str, ...]) -> str:
    from html import escape

    return "\n".join(f"<p>{escape(p, quote=False)}</p>" for p in paragraphs)


@pytest.fixture(autouse=True)
def _stories(runtime: Runtime) -> None:
    seed(runtime)


def _subscribe(client: TestClient, runtime: Runtime, plan: str = "sports-annual") -> str:
    sandbox = setup(runtime)
    sign_in(client, "member@example.com")
    response = subscribe(client, plan, nonce(sandbox))
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def test_a_subscriber_gets_the_members_body(client: TestClient, runtime: Runtime) -> None:
    _subscribe(client, runtime)
    response = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert response.status_code == 200, response.text
    assert response.json() == {"content": _body_html(MEMBERS.body)}
    assert response.headers["cache-control"] == PRIVATE


def test_the_nonce_is_checked_first(client: TestClient, runtime: Runtime) -> None:
    _subscribe(client, runtime)
    for sent in (None, "", "0" * 20, page_nonce(client)[:-1] + "x"):
        response = get_content(client, content_id(MEMBERS), sent)
        assert response.status_code == 403
        assert response.json()["type"] == "bad-nonce"
        assert response.headers["cache-control"] == PRIVATE
    # the nonce also rides in the query, as WordPress's _ajax_nonce
    query = client.get(
        f"{SITE}/content/{content_id(MEMBERS)}", params={"_ajax_nonce": page_nonce(client)}
    )
    assert query.status_code == 200


def test_a_nonce_is_bound_to_its_session(client: TestClient, runtime: Runtime) -> None:
    anonymous_nonce = page_nonce(client)
    _subscribe(client, runtime)
    assert get_content(client, content_id(MEMBERS), anonymous_nonce).json()["type"] == "bad-nonce"


def test_anonymous_and_unentitled_readers_get_no_body(client: TestClient) -> None:
    anonymous = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert anonymous.status_code == 401
    assert anonymous.json()["type"] == "unauthorized"
    assert anonymous.headers["cache-control"] == PRIVATE

    sign_in(client, "reader@example.com")
    reader = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert reader.status_code == 403
    assert set(reader.json()) == {"type", "message"}
    assert reader.json()["type"] == "not-entitled"
    for text in (MEMBERS.body[0][:40], MEMBERS.body[-1][-40:]):
        assert text not in anonymous.text and text not in reader.text


def test_forged_cookies_never_unlock_the_body(client: TestClient, runtime: Runtime) -> None:
    forged = {
        "vip-go-seg": "vc-v1__is-subscriber_--_yes",
        "is-subscriber": "yes",
        "zephrSessionId": "forged",
        TRACKING_COOKIE: "00000000-0000-0000-0000-000000000000",
    }
    client.cookies.update(forged)
    anonymous = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert anonymous.status_code == 401

    sign_in(client, "reader@example.com")
    client.cookies.update(forged)
    reader = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert reader.status_code == 403

    # a made-up session cookie is no session, whatever nonce goes with it
    client.cookies.clear()
    client.cookies.update({**forged, SESSION_COOKIE: "made-up-session-token"})
    made_up = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert made_up.status_code == 401


def test_the_teaser_page_never_carries_the_members_body(client: TestClient) -> None:
    client.cookies.set("vip-go-seg", "vc-v1__is-subscriber_--_yes")
    page = client.get(f"/{MEMBERS.published_at:%Y/%m/%d}/{MEMBERS.slug}/")
    assert page.status_code == 200
    assert MEMBERS.teaser[0][:40] in page.text.replace("&#x27;", "'")
    for paragraph in MEMBERS.body:
        assert paragraph[:40] not in page.text


def test_a_free_story_is_answered_to_anyone(client: TestClient) -> None:
    response = get_content(client, content_id(FREE), page_nonce(client))
    assert response.status_code == 200
    assert response.json() == {"content": _body_html(FREE.body)}
    assert get_content(client, content_id(FREE), None).status_code == 403  # still a nonce


def test_unknown_content_is_404(client: TestClient, runtime: Runtime) -> None:
    response = get_content(client, "no-such-story", page_nonce(client))
    assert response.status_code == 404
    assert response.json()["type"] == "content-not-found"
    assert response.headers["cache-control"] == PRIVATE
    _subscribe(client, runtime)  # signed in, the story is read with the session
    for unknown in ("no-such-story", "%00", "%C3%A9t%C3%A9", "x" * 300):
        response = get_content(client, unknown, page_nonce(client))
        assert response.status_code == 404, unknown
        assert response.json()["type"] == "content-not-found"


def test_a_cancelled_membership_reads_until_its_paid_period_ends(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    grant = _subscribe(client, runtime)
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 200
    on(clock, date(2027, 11, 22))  # the paid year is over
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 403


def test_logging_out_closes_the_body(client: TestClient, runtime: Runtime) -> None:
    _subscribe(client, runtime)
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 200
    assert client.post("/blaize/logout").status_code == 200
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 401


def test_the_entitlement_question(client: TestClient, runtime: Runtime) -> None:
    """The page's islands ask the decision engine; the old site call is gone."""
    assert engine_entitlement(client) == {"loggedIn": False, "entitled": False}
    client.cookies.set("vip-go-seg", "vc-v1__is-subscriber_--_yes")
    assert engine_entitlement(client) == {"loggedIn": False, "entitled": False}
    sign_in(client, "reader@example.com")
    assert engine_entitlement(client) == {"loggedIn": True, "entitled": False}
    client.cookies.clear()
    _subscribe(client, runtime)
    assert engine_entitlement(client) == {"loggedIn": True, "entitled": True}
    old = client.get(f"{SITE}/entitlement", headers={"X-WP-Nonce": page_nonce(client)})
    assert old.status_code == 404


def test_a_home_delivery_reader_gets_the_members_body_until_it_is_revoked(
    client: TestClient, runtime: Runtime
) -> None:
    from masthead.billing.home_delivery import service as home_delivery

    sign_in(client, "print@example.com")
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 403
    with runtime.sessions.begin() as db:
        home_delivery.grant(db, runtime, "print@example.com")
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 403
    follow_verification_link(client, runtime, "print@example.com")  # the address is proven
    response = get_content(client, content_id(MEMBERS), page_nonce(client))
    assert (response.status_code, response.json()) == (200, {"content": _body_html(MEMBERS.body)})
    with runtime.sessions.begin() as db:
        home_delivery.revoke(db, runtime, "print@example.com")
    assert get_content(client, content_id(MEMBERS), page_nonce(client)).status_code == 403


def test_a_session_revoked_elsewhere_is_refused_on_its_next_request(
    client: TestClient, runtime: Runtime
) -> None:
    from masthead.identity import repository as identity
    from masthead.identity.service import current_reader

    _subscribe(client, runtime)
    sent = page_nonce(client)
    assert get_content(client, content_id(MEMBERS), sent).status_code == 200
    reader = current_reader(runtime, client.cookies.get(SESSION_COOKIE))
    assert reader is not None
    with runtime.sessions.begin() as db:  # as a password change on another device does
        identity.revoke_sessions(db, reader.user_id, runtime.clock.now())
    assert get_content(client, content_id(MEMBERS), sent).status_code == 401
    assert engine_entitlement(client) == {"loggedIn": False, "entitled": False}


def test_a_lapsed_membership_is_refused_on_its_next_request(
    client: TestClient, runtime: Runtime
) -> None:
    from sqlalchemy import update

    from masthead.billing.memberships.models import BillingSubscription

    grant = _subscribe(client, runtime)
    sent = page_nonce(client)
    assert get_content(client, content_id(MEMBERS), sent).status_code == 200
    with runtime.sessions.begin() as db:  # as the gateway's "expired" notification leaves it
        db.execute(
            update(BillingSubscription)
            .where(BillingSubscription.id == grant)
            .values(status="Expired", paid_through_date=None, next_billing_date=None)
        )
    assert get_content(client, content_id(MEMBERS), sent).status_code == 403
    assert engine_entitlement(client) == {"loggedIn": True, "entitled": False}
