"""What support does for a reader: each action through the reader's own services, audited,
and refused when it does not apply; the refund through the gateway (both gateways: the
sandbox, and the official SDK over HTTP to its wire), with step-up, exactly once."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.gateway import GatewayError, PaymentGateway
from masthead.billing.gateway.braintree_gateway import BraintreeGateway
from masthead.billing.memberships.models import BillingSubscription
from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.models import SandboxTransaction
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import PAY, SITE, sign_in
from tests.billing.faults import FaultyGateway, install
from tests.braintree_sandbox.helpers import sandbox_of
from tests.staff.conftest import Member, console_client, staff_member
from tests.support.helpers import READERS, audited, member, page, reader_id, subjects

REAUTH = "reauthentication-required"


def _refund(staff: Member, reader: int, transaction: str) -> Any:
    return staff.client.post(f"{READERS}/{reader}/payments/{transaction}/refund")


def _charge(staff: Member, reader: int) -> str:
    [payment] = page(staff.client, reader)["payments"]
    return str(payment["id"])


def _history(client: TestClient) -> list[dict[str, Any]]:
    subscriptions = client.get(f"{PAY}/subscriptions").json()
    return [t for s in subscriptions for t in s["transaction-history"]]


@pytest.fixture(params=["sandbox", "braintree"])
def spied(
    request: pytest.FixtureRequest,
    runtime: Runtime,
    sandbox: SandboxGateway,
    braintree_gateway: BraintreeGateway,
) -> FaultyGateway:
    """The runtime's gateway, each call counted: the sandbox itself, or the official SDK."""
    inner: PaymentGateway = sandbox if request.param == "sandbox" else braintree_gateway
    return install(runtime, inner)


def test_support_refunds_a_charge_once_after_a_step_up(
    client: TestClient,
    support: Member,
    runtime: Runtime,
    clock: FrozenClock,
    spied: FaultyGateway,
) -> None:
    reader, grant = member(client, runtime)
    charge = _charge(support, reader)
    clock.advance(timedelta(minutes=5))  # the sign-in's code no longer counts
    spied.calls.clear()

    refused = _refund(support, reader, charge)
    assert (refused.status_code, refused.json()["type"]) == (403, REAUTH)
    assert spied.calls == []
    confirmed = support.client.post("/admin/api/session/confirm", json={"code": support.code()})
    assert confirmed.status_code == 200

    done = _refund(support, reader, charge)
    assert done.status_code == 200, done.text
    assert done.json() == {
        "message": "$39.99 given back: the charge was voided before it settled.",
        "how": "voided",
        "amount": "39.99",
    }
    assert spied.calls[:2] == ["refund_transaction", "void_transaction"]
    assert sandbox_of(runtime).find_transaction(charge).status == "voided"
    # The reader's own payment history says so; the membership itself goes on.
    [seen] = _history(client)
    assert (seen["id"], seen["refunded"], seen["status"]) == (charge, True, "voided")
    body = page(support.client, reader)
    assert [(p["refunded"], p["refundable"]) for p in body["payments"]] == [(True, False)]
    assert body["status"]["status"] == "Active"

    spied.calls.clear()
    again = _refund(support, reader, charge)
    assert (again.status_code, again.json()["type"]) == (409, "already-refunded")
    assert spied.calls == []  # refused before any gateway call
    [entry] = audited(runtime, "charge_refunded")
    assert entry == (
        "help@example.com",
        "ada@example.com",
        {"reader": reader, "charge": charge, "amount": "39.99", "refunded": False},
        {"reader": reader, "charge": charge, "refunded": True, "how": "voided", "refund": None},
    )
    assert grant


def test_a_settled_charge_is_refunded_by_a_credit(
    client: TestClient, support: Member, runtime: Runtime, spied: FaultyGateway
) -> None:
    reader, _ = member(client, runtime)
    charge = _charge(support, reader)
    sandbox = sandbox_of(runtime)
    sandbox.settle_transaction(charge)
    done = _refund(support, reader, charge)  # within the sign-in's 5 minutes: no code asked
    assert done.status_code == 200, done.text
    assert done.json()["how"] == "refunded"
    with runtime.sessions() as db:
        [credit] = db.scalars(
            select(SandboxTransaction).where(SandboxTransaction.refunded_transaction_id == charge)
        ).all()
        assert (credit.kind, str(credit.amount)) == ("credit", "39.99")
    [seen] = _history(client)
    assert (seen["status"], seen["refunded"]) == ("settled", True)
    [entry] = audited(runtime, "charge_refunded")
    assert entry[3]["refund"] == credit.id
    assert _refund(support, reader, charge).status_code == 409


def test_a_refund_the_gateway_already_made_is_believed(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    """Given back elsewhere (Braintree's control panel): 409, and the copy now says so."""
    reader, _ = member(client, runtime)
    charge = _charge(support, reader)
    sandbox_of(runtime).void_transaction(charge)
    answer = _refund(support, reader, charge)
    assert (answer.status_code, answer.json()["type"]) == (409, "already-refunded")
    assert [p["refunded"] for p in page(support.client, reader)["payments"]] == [True]


def test_refunds_that_do_not_apply(
    client: TestClient, support: Member, runtime: Runtime, app: FastAPI
) -> None:
    reader, grant = member(client, runtime)
    missing = _refund(support, reader, "nosuchid")
    assert (missing.status_code, missing.json()["type"]) == (404, "charge-not-found")
    other, _ = member(console_client(app), runtime, "bob@example.com")
    theirs = _charge(support, other)
    assert _refund(support, reader, theirs).status_code == 404  # not this reader's charge
    with runtime.sessions.begin() as db:  # a declined charge in the history
        row = db.get(BillingSubscription, grant)
        assert row is not None
        row.transactions = [{**row.transactions[0], "status": "processor_declined"}]
    declined = _refund(support, reader, row.transactions[0]["id"])
    assert declined.json() == {
        "type": "not-refundable",
        "message": "This charge did not go through (processor declined): there is nothing to "
        "refund.",
    }


def test_a_gateway_that_does_not_answer(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    reader, _ = member(client, runtime)
    charge = _charge(support, reader)
    faulty = install(runtime, sandbox_of(runtime))
    faulty.fail("refund_transaction", GatewayError("gateway_unavailable", "down"))
    answer = _refund(support, reader, charge)
    assert (answer.status_code, answer.json()["type"]) == (503, "payment-unavailable")
    assert audited(runtime, "charge_refunded") == []
    assert _refund(support, reader, charge).status_code == 200  # tried again: done once


def test_cancel_as_the_reader_would(client: TestClient, support: Member, runtime: Runtime) -> None:
    reader, grant = member(client, runtime)
    url = f"{READERS}/{reader}/membership/cancel"
    done = support.client.post(url, json={"note": "Moving abroad"})
    assert done.status_code == 200, done.text
    assert done.json() == {
        "message": "The membership is cancelled. Access lasts until November 21, 2027."
    }
    state = client.get(f"{SITE}/membership").json()
    assert (state["status"], state["isMember"]) == ("Cancelled_Active", True)
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, grant)
        assert row is not None
        assert (row.cancel_reason, row.cancel_reason_text) == (
            "Cancelled by support",
            "Moving abroad",
        )
    assert subjects(runtime, "ada@example.com")[-1] == "Your membership is cancelled"
    [entry] = audited(runtime, "membership_cancelled")
    assert entry[2] == {"reader": reader, "subscription": grant, "status": "Active"}
    assert entry[3]["status"] == "Cancelled_Active"
    again = support.client.post(url, json={})
    assert again.json() == {
        "type": "no-membership",
        "message": "This reader has no running membership to cancel.",
    }


def test_pause_as_the_reader_would(client: TestClient, support: Member, runtime: Runtime) -> None:
    reader, grant = member(client, runtime)
    url = f"{READERS}/{reader}/membership/pause"
    assert support.client.post(url, json={"months": 4}).status_code == 400
    done = support.client.post(url, json={"months": 2})
    assert done.status_code == 200, done.text
    state = client.get(f"{SITE}/membership").json()
    assert (state["status"], state["pausedLength"]) == ("Active_Paused", 2)
    assert "Your membership is paused" in subjects(runtime, "ada@example.com")
    [entry] = audited(runtime, "membership_paused")
    assert (entry[2]["subscription"], entry[3]["months"], entry[3]["from"]) == (
        grant,
        2,
        "2027-11-22",
    )
    again = support.client.post(url, json={"months": 1})
    assert again.json()["type"] == "already-paused"


def test_pause_is_refused_in_a_trial_and_without_a_membership(
    client: TestClient, support: Member, runtime: Runtime, app: FastAPI
) -> None:
    reader, _ = member(client, runtime, plan="sports-monthly")
    answer = support.client.post(f"{READERS}/{reader}/membership/pause", json={"months": 1})
    assert (answer.status_code, answer.json()["type"]) == (409, "in-trial")
    sign_in(console_client(app), "none@example.com")
    nobody = reader_id(runtime, "none@example.com")
    answer = support.client.post(f"{READERS}/{nobody}/membership/pause", json={"months": 1})
    assert answer.json() == {
        "type": "no-membership",
        "message": "This reader has no running membership to pause.",
    }
    assert audited(runtime, "membership_paused") == []


def test_identity_actions(client: TestClient, support: Member, runtime: Runtime) -> None:
    sign_in(client)  # registered: not verified yet
    reader = reader_id(runtime, "ada@example.com")
    staff = support.client

    sent = staff.post(f"{READERS}/{reader}/verification")
    assert sent.json() == {"message": "A new verification link was mailed to ada@example.com."}
    assert subjects(runtime, "ada@example.com")[-1] == "Please verify your email address"
    reset = staff.post(f"{READERS}/{reader}/password-reset")
    assert reset.status_code == 200
    assert subjects(runtime, "ada@example.com")[-1] == "Reset your password"

    assert client.get("/blaize/account").status_code == 200
    ended = staff.delete(f"{READERS}/{reader}/sessions")
    assert ended.json() == {"message": "Signed out everywhere: 1 session ended."}
    assert client.get("/blaize/account").status_code == 401
    again = staff.delete(f"{READERS}/{reader}/sessions")
    assert (again.status_code, again.json()["type"]) == (409, "no-sessions")

    granted = staff.put(f"{READERS}/{reader}/home-delivery")
    assert granted.json()["message"].startswith("Home delivery granted. It starts once")
    assert page(staff, reader)["home_delivery"]["active"] is True
    assert staff.put(f"{READERS}/{reader}/home-delivery").json()["type"] == "home-delivery-active"
    revoked = staff.delete(f"{READERS}/{reader}/home-delivery")
    assert revoked.status_code == 200
    assert staff.delete(f"{READERS}/{reader}/home-delivery").json()["type"] == "no-home-delivery"

    assert [a[3] for a in audited(runtime, "sessions_revoked")] == [
        {"reader": reader, "live_sessions": 0}
    ]
    assert [a[2:] for a in audited(runtime, "home_delivery_granted")] == [
        ({"reader": reader, "home_delivery": False}, {"reader": reader, "home_delivery": True})
    ]
    assert len(audited(runtime, "home_delivery_revoked")) == 1
    assert len(audited(runtime, "verification_resent")) == 1
    assert len(audited(runtime, "password_reset_sent")) == 1


def test_a_verified_reader_needs_no_verification(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    from tests.billing.api_helpers import sign_in_verified

    sign_in_verified(client, runtime)
    answer = support.client.post(f"{READERS}/{reader_id(runtime, 'ada@example.com')}/verification")
    assert (answer.status_code, answer.json()["type"]) == (409, "already-verified")
    assert audited(runtime, "verification_resent") == []


def test_only_support_acts_and_only_from_the_console(
    client: TestClient, support: Member, app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    reader, _ = member(client, runtime)
    charge = _charge(support, reader)
    calls = [
        ("post", f"{READERS}/{reader}/verification", None),
        ("post", f"{READERS}/{reader}/password-reset", None),
        ("delete", f"{READERS}/{reader}/sessions", None),
        ("put", f"{READERS}/{reader}/home-delivery", None),
        ("delete", f"{READERS}/{reader}/home-delivery", None),
        ("post", f"{READERS}/{reader}/membership/cancel", {}),
        ("post", f"{READERS}/{reader}/membership/pause", {"months": 1}),
        ("post", f"{READERS}/{reader}/payments/{charge}/refund", None),
    ]
    editor = staff_member(app, runtime, clock, "ed@example.com", ["editor"])
    stranger = console_client(app)
    no_origin = TestClient(app, base_url="http://testserver", cookies=support.client.cookies)
    for method, url, body in calls:
        kwargs: dict[str, Any] = {} if body is None else {"json": body}
        assert getattr(stranger, method)(url, **kwargs).status_code == 401, url
        assert getattr(editor.client, method)(url, **kwargs).status_code == 403, url
        assert getattr(client, method)(url, **kwargs).status_code == 403, url  # a reader
        refused = getattr(no_origin, method)(url, **kwargs)
        assert refused.status_code == 403, url
    assert audited(runtime, "membership_cancelled") == []
    assert page(support.client, reader)["status"]["status"] == "Active"
