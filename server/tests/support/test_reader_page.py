"""A reader's page: what support sees of a member, from the services the reader's own screens
use; never a session token nor a card number."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.support.devices import describe
from masthead.support.status_reason import reason
from tests.billing.api_helpers import GOOD_CARD
from tests.staff.conftest import Member, console_client, staff_member
from tests.support.helpers import READERS, member, page

CHROME_ON_MAC = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0.0.0 Safari/537.36"
)


def test_devices_in_words() -> None:
    assert describe(CHROME_ON_MAC) == "Chrome on macOS"
    assert (
        describe(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
            "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
        )
        == "Safari on iPhone"
    )
    assert (
        describe("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0")
        == "Firefox on Windows"
    )
    assert (
        describe(
            "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/126.0 Mobile Safari/537.36 EdgA/126.0"
        )
        == "Edge on Android"
    )
    headless = (
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/130.0 Safari/537.36"
    )
    assert describe(headless) == "Chrome on Linux"
    assert describe("curl/8.5.0") == "A program (curl)"
    assert describe("testclient") == "Unknown device"
    assert describe("") == "Unknown device"


def test_status_reasons_name_their_rule() -> None:
    common = {
        "free_trial_until": None,
        "plan_change_date": None,
        "paused_length": None,
        "paid_through": None,
    }
    assert reason("Active", home_delivery=False, access_until="2027-11-21", **common) == (
        "A subscription in good standing, paid through November 21, 2027. "
        "(rule 2: an active subscription wins)"
    )
    assert reason("None", home_delivery=False, access_until=None, **common) == (
        "The reader has never subscribed. (rule 1: no subscriptions)"
    )
    assert reason("Canceled", home_delivery=True, access_until=None, **common).startswith(
        "Free with print home delivery"
    )
    assert "rule 5" in reason(
        "Cancelled_Active", home_delivery=False, access_until="2027-01-01", **common
    )


def test_a_members_page(client: TestClient, support: Member, runtime: Runtime) -> None:
    reader, grant = member(client, runtime)
    token = client.cookies.get(SESSION_COOKIE)
    answer = support.client.get(f"{READERS}/{reader}")
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert token and token not in answer.text  # the session's token is never shown
    assert GOOD_CARD not in answer.text and GOOD_CARD[6:12] not in answer.text
    body = answer.json()

    assert body["reader"]["email"] == "ada@example.com"
    assert body["reader"]["full_name"] == "Ada Lovelace"
    assert body["profile"]["first-name"] == "Ada"
    assert body["profile"]["avatar-color"] == "#000000"  # every key, defaults included
    assert body["profile"]["current-plan"] == "sports-annual"
    assert body["live_sessions"] == 1
    [session] = body["sessions"]
    assert (session["live"], session["device"]) == (True, "Unknown device")  # the test client

    status = body["status"]
    assert (status["status"], status["is_member"]) == ("Active", True)
    assert status["reason"] == (
        "A subscription in good standing, paid through November 21, 2027. "
        "(rule 2: an active subscription wins)"
    )
    assert body["live_subscription_id"] == grant
    [subscription] = body["subscriptions"]
    assert subscription == {
        "id": grant,
        "plan_id": "sports-annual",
        "plan_name": "Annual",
        "state": "active",
        "price": "39.99",
        "trial": False,
        "next_billing_date": "2027-11-22",
        "paid_through_date": "2027-11-21",
        "ends": None,
        "follows_on": None,
    }
    [payment] = body["payments"]
    assert (payment["amount"], payment["status"], payment["plan_name"]) == (
        "39.99",
        "submitted_for_settlement",
        "Annual",
    )
    assert (payment["refunded"], payment["refundable"]) == (False, True)
    [method] = body["payment_methods"]
    assert method["description"] == "Visa ending 1111, expires 12/2030"
    assert (method["default"], method["in_use"], method["expired"]) == (True, True, False)
    assert body["payment_methods_error"] is None
    assert body["home_delivery"] == {"active": False, "started_at": None, "ended_at": None}
    assert body["referrals"] == {
        "participant": False,
        "referral_code": None,
        "referred_by": None,
        "referred": [],
    }


def test_a_reader_who_never_subscribed(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    from tests.billing.api_helpers import sign_in
    from tests.support.helpers import reader_id

    sign_in(client, "new@example.com")
    body = page(support.client, reader_id(runtime, "new@example.com"))
    assert body["status"]["status"] == "None"
    assert (body["subscriptions"], body["payments"], body["payment_methods"]) == ([], [], [])
    assert body["live_subscription_id"] is None


def test_unknown_readers_and_roles(
    client: TestClient, support: Member, app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    reader, _ = member(client, runtime)
    missing = support.client.get(f"{READERS}/999999")
    assert (missing.status_code, missing.json()["type"]) == (404, "not-found")
    assert support.client.get(f"{READERS}/0").status_code == 400
    assert console_client(app).get(f"{READERS}/{reader}").status_code == 401
    assert client.get(f"{READERS}/{reader}").status_code == 403  # the reader themself
    marketing = staff_member(app, runtime, clock, "sell@example.com", ["marketing"])
    assert marketing.client.get(f"{READERS}/{reader}").status_code == 403
