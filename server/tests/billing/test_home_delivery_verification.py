"""Home delivery goes only to an account that has proven its address (issue 11): anyone can
register with the print subscriber's address. An unverified account gets the membership once
it verifies; it is mailed the link."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.billing.home_delivery.service import (
    ENDED_SUBJECT,
    UNVERIFIED_REFUSAL,
    VERIFY_SUBJECT,
    end_paid_memberships,
)
from masthead.deps import Runtime
from masthead.jobs.runner import drain_once
from masthead.mail.service import MAIL_TOPIC
from masthead.settings import Settings
from tests.billing.api_helpers import (
    follow_verification_link,
    membership,
    nonce,
    setup,
    sign_in,
    subscribe,
    verification_mails,
)
from tests.billing.test_api_changes import charges, gateway_subscriptions
from tests.billing.test_home_delivery import KEY, end, jobs, products, start
from tests.site.stories import engine_entitlement


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"home_delivery_key": KEY})


def _not_a_member(client: TestClient) -> None:
    assert products(client) == []
    state = membership(client)
    assert (state["status"], state["isMember"], state["homeDelivery"]) == ("None", False, False)
    assert state["homeDeliveryMessage"] is None
    assert engine_entitlement(client) == {"loggedIn": True, "entitled": False}


def _member(client: TestClient) -> None:
    assert products(client) == ["hd-sports-membership"]
    state = membership(client)
    assert (state["status"], state["isMember"], state["homeDelivery"]) == ("Active", True, True)
    assert engine_entitlement(client) == {"loggedIn": True, "entitled": True}


def test_an_unverified_account_gets_it_once_it_verifies(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    sign_in(client)  # registered without proving the address
    granted = start(client)
    assert (granted["account"], granted["accountVerified"]) == (True, False)
    _not_a_member(client)
    welcome, mail = [m for m in jobs(runtime, MAIL_TOPIC) if m["to"] == "ada@example.com"]
    assert welcome["subject"] == "Welcome to Masthead"  # registering, before the grant
    assert mail["subject"] == VERIFY_SUBJECT
    assert "included with your home delivery subscription" in mail["text"]

    follow_verification_link(client, runtime, "ada@example.com")
    _member(client)
    assert start(client)["accountVerified"] is True


def test_someone_else_registering_the_address_gets_nothing(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    start(client, "print@example.com")  # the print subscriber has no account yet
    sign_in(client, "print@example.com")  # a stranger registers their address
    _not_a_member(client)
    refused = subscribe(client, "sports-monthly", nonce(sandbox))
    assert (refused.status_code, refused.json()) == (
        409,
        {"type": "home-delivery-unverified", "message": UNVERIFIED_REFUSAL},
    )
    again = subscribe(client, "sports-monthly", nonce(sandbox))
    assert again.status_code == 409
    # The link goes to the address, which only its owner reads; once, not per attempt.
    assert len(verification_mails(runtime, "print@example.com")) == 1
    assert charges(runtime) == []
    _not_a_member(client)


def test_a_reader_registering_after_the_grant_verifies_from_the_refusal(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    start(client, "grace@example.com")
    sign_in(client, "grace@example.com")
    assert subscribe(client, "sports-monthly", nonce(sandbox)).status_code == 409
    follow_verification_link(client, runtime, "grace@example.com")
    _member(client)
    refused = subscribe(client, "sports-monthly", nonce(sandbox))
    assert (refused.status_code, refused.json()["type"]) == (409, "home-delivery")


def test_a_paid_membership_ends_once_the_address_is_verified(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    paid = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert paid.status_code == 200, paid.text
    start(client)
    drain_once(runtime)  # the grant's job: the account has not proven the address
    end_paid_memberships(runtime)
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Active"]
    assert membership(client)["homeDelivery"] is False

    follow_verification_link(client, runtime, "ada@example.com")
    end_paid_memberships(runtime)  # the worker's check
    assert [status for _, status, _ in gateway_subscriptions(runtime)] == ["Canceled"]
    end_paid_memberships(runtime)  # nothing left to end
    assert charges(runtime) == ["4.99"]
    _member(client)


def test_revoking_what_an_unverified_account_never_had_mails_nothing(
    client: TestClient, runtime: Runtime
) -> None:
    setup(runtime)
    sign_in(client)
    start(client)
    end(client)
    subjects = [m["subject"] for m in jobs(runtime, MAIL_TOPIC)]
    assert ENDED_SUBJECT not in subjects
    _not_a_member(client)
