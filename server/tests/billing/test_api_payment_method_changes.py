"""Changing the reader's payment methods: new card details, the default, removing one."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.payment_methods.decline_messages import DECLINED
from masthead.braintree_sandbox.gateway import SandboxGateway as Sandbox
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.billing.api_helpers import (
    DECLINED_CARD,
    METHODS,
    PAY,
    membership,
    nonce,
    profile,
    setup,
    sign_in,
    subscribe,
)
from tests.identity.helpers import login

DEFAULT = "/zephr/payment/braintree/default-payment-method"
MASTERCARD = "5555555555554444"
UPDATE_LOG = "payment-method-update-log"
EDIT_LOG = "payment-method-edit-log"


# Different cards the sandbox accepts with a three-digit CVV: one card vaulted again is kept
# once (test below).
OTHER_CARDS = ("4111111111111111", "4012888888881881", MASTERCARD, "6011111111111117")


def _vault(client: TestClient, sandbox: Sandbox, number: str = MASTERCARD) -> dict[str, Any]:
    response = client.post(METHODS, json={"payment_method_nonce": nonce(sandbox, number)})
    assert response.status_code == 201, response.text
    method: dict[str, Any] = response.json()
    return method


def _listed(client: TestClient) -> list[dict[str, Any]]:
    response = client.get(METHODS)
    assert response.status_code == 200, response.text
    methods: list[dict[str, Any]] = response.json()
    return methods


def _paying_tokens(runtime: Runtime) -> list[str]:
    with runtime.sessions() as db:
        return list(db.scalars(select(BillingSubscription.payment_method_token)).all())


def test_reader_only(client: TestClient, runtime: Runtime) -> None:
    setup(runtime)
    for response in (
        client.patch(f"{METHODS}/abc", json={"payment_method_nonce": "x"}),
        client.delete(f"{METHODS}/abc"),
        client.put(DEFAULT, json={"payment_method_token": "abc"}),
    ):
        assert response.status_code == 401
        assert response.json()["type"] == "unauthorized"


def test_delete_a_method(client: TestClient, runtime: Runtime, clock: FrozenClock) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    first = _vault(client, sandbox)
    second = _vault(client, sandbox, OTHER_CARDS[0])
    response = client.delete(f"{METHODS}/{second['token']}")
    assert response.status_code == 204, response.text
    assert _listed(client) == [first]
    assert profile(runtime)[EDIT_LOG] == [clock.now().isoformat()]
    assert UPDATE_LOG not in profile(runtime)


def test_unknown_token_is_404(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    for response in (  # no gateway customer yet
        client.delete(f"{METHODS}/nope"),
        client.put(DEFAULT, json={"payment_method_token": "nope"}),
        client.patch(f"{METHODS}/nope", json={"payment_method_nonce": nonce(sandbox)}),
    ):
        assert response.status_code == 404
        assert response.json() == {
            "type": "payment-method-not-found",
            "message": "There is no such payment method.",
        }
    _vault(client, sandbox)
    for response in (
        client.delete(f"{METHODS}/nope"),
        client.put(DEFAULT, json={"payment_method_token": "nope"}),
        client.patch(f"{METHODS}/nope", json={"payment_method_nonce": nonce(sandbox)}),
    ):
        assert (response.status_code, response.json()["type"]) == (
            404,
            "payment-method-not-found",
        )
    assert EDIT_LOG not in profile(runtime)
    assert UPDATE_LOG not in profile(runtime)


def test_another_readers_token_is_404_and_untouched(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    adas = _vault(client, sandbox)
    client.post("/blaize/logout")
    sign_in(client, "eve@example.com")
    _vault(client, sandbox, "4012888888881881")
    for response in (
        client.delete(f"{METHODS}/{adas['token']}"),
        client.put(DEFAULT, json={"payment_method_token": adas["token"]}),
        client.patch(
            f"{METHODS}/{adas['token']}", json={"payment_method_nonce": nonce(sandbox, MASTERCARD)}
        ),
    ):
        assert (response.status_code, response.json()["type"]) == (
            404,
            "payment-method-not-found",
        )
    kept = sandbox.find_payment_method(adas["token"])
    assert (kept.last_4, kept.card_type, kept.default) == ("4444", "MasterCard", True)
    client.post("/blaize/logout")
    assert login(client, "ada@example.com").status_code == 200
    assert _listed(client) == [adas]


def test_the_only_method_paying_for_a_membership_is_409(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    [method] = _listed(client)
    response = client.delete(f"{METHODS}/{method['token']}")
    assert response.status_code == 409
    assert response.json() == {
        "type": "payment-method-in-use",
        "message": "This payment method pays for your membership. Add another payment "
        "method before removing this one.",
    }
    assert _listed(client) == [method]
    assert membership(client)["status"] == "Active"
    assert EDIT_LOG not in profile(runtime)


def test_deleting_the_paying_default_moves_the_membership(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    [paying] = _listed(client)
    other = _vault(client, sandbox)
    assert client.delete(f"{METHODS}/{paying['token']}").status_code == 204
    [left] = _listed(client)
    assert left["token"] == other["token"]
    assert (left["default"], left["has_active_subscription"]) == (True, True)
    assert _paying_tokens(runtime) == [other["token"]]
    assert membership(client)["status"] == "Active"
    [subscription] = client.get(f"{PAY}/subscriptions").json()
    assert subscription["subscription-state"] == "active"


def test_set_default_moves_the_flag_and_the_membership(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
    [first] = _listed(client)
    second = _vault(client, sandbox)
    assert second["default"] is False
    response = client.put(DEFAULT, json={"payment_method_token": second["token"]})
    assert response.status_code == 200, response.text
    assert response.json() == {**second, "default": True, "has_active_subscription": True}
    listed = _listed(client)
    assert [m["token"] for m in listed] == [second["token"], first["token"]]
    assert [(m["default"], m["has_active_subscription"]) for m in listed] == [
        (True, True),
        (False, False),
    ]
    assert _paying_tokens(runtime) == [second["token"]]
    assert membership(client)["status"] == "Active"
    assert profile(runtime)[UPDATE_LOG] == [clock.now().isoformat()]
    again = client.put(DEFAULT, json={"payment_method_token": second["token"]})
    assert again.status_code == 200
    assert again.json()["default"] is True


def test_patch_replaces_the_card(client: TestClient, runtime: Runtime, clock: FrozenClock) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    old = _vault(client, sandbox, "4111111111111111")
    response = client.patch(
        f"{METHODS}/{old['token']}", json={"payment_method_nonce": nonce(sandbox, MASTERCARD)}
    )
    assert response.status_code == 200, response.text
    new = response.json()
    assert (new["token"], new["card_type"], new["last_4"], new["default"]) == (
        old["token"],
        "MasterCard",
        "4444",
        True,
    )
    assert _listed(client) == [new]
    assert profile(runtime)[UPDATE_LOG] == [clock.now().isoformat()]


def test_a_declined_card_on_patch_is_402_and_changes_nothing(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    old = _vault(client, sandbox)
    response = client.patch(
        f"{METHODS}/{old['token']}", json={"payment_method_nonce": nonce(sandbox, DECLINED_CARD)}
    )
    assert response.status_code == 402
    assert response.json() == {"type": "payment-declined", "message": DECLINED}
    assert _listed(client) == [old]
    assert UPDATE_LOG not in profile(runtime)


def test_a_used_nonce_on_patch_is_400(client: TestClient, runtime: Runtime) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    card = nonce(sandbox)
    old = client.post(METHODS, json={"payment_method_nonce": card}).json()
    response = client.patch(f"{METHODS}/{old['token']}", json={"payment_method_nonce": card})
    assert (response.status_code, response.json()["type"]) == (400, "bad-request")
    assert _listed(client) == [old]


def test_the_logs_keep_the_last_three(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    # Five methods: four cards and the first again with another expiry (a renewed card).
    tokens = [_vault(client, sandbox, number)["token"] for number in OTHER_CARDS]
    renewed = sandbox.tokenize_card(OTHER_CARDS[0], "11/31", "123", "10001", "Ada")
    answer = client.post(METHODS, json={"payment_method_nonce": renewed})
    assert answer.status_code == 201, answer.text
    tokens.append(answer.json()["token"])
    updated, edited = [], []
    for token in tokens[:4]:
        clock.advance(timedelta(minutes=1))
        assert client.put(DEFAULT, json={"payment_method_token": token}).status_code == 200
        updated.append(clock.now().isoformat())
        clock.advance(timedelta(minutes=1))
        assert client.delete(f"{METHODS}/{token}").status_code == 204
        edited.append(clock.now().isoformat())
    stored = profile(runtime)
    assert stored[UPDATE_LOG] == updated[-3:]
    assert stored[EDIT_LOG] == edited[-3:]
    [left] = _listed(client)
    assert (left["token"], left["default"]) == (tokens[4], True)


def test_the_same_card_vaulted_again_is_kept_once(client: TestClient, runtime: Runtime) -> None:
    """Braintree's fingerprint of the number (unique_number_identifier) tells the same card:
    typed again (or sent again by a retry after a lost answer) it is the one already there,
    made the default when asked; the copy is removed from the vault."""
    sandbox = setup(runtime)
    sign_in(client)
    first = _vault(client, sandbox)
    other = _vault(client, sandbox, OTHER_CARDS[0])
    again = _vault(client, sandbox)
    assert again["token"] == first["token"]
    assert sorted(m["token"] for m in _listed(client)) == sorted([first["token"], other["token"]])
