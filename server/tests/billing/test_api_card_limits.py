"""Card testing (issue 11): vaulting and re-verifying cards is limited per account and per
client address, so a stranger cannot try stolen card numbers through us one after another."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.braintree_sandbox.gateway import SandboxGateway
from masthead.braintree_sandbox.models import SandboxPaymentMethod
from masthead.deps import Runtime
from masthead.settings import Settings
from tests.billing.api_helpers import (
    DECLINED_CARD,
    METHODS,
    count,
    nonce,
    setup,
    sign_in,
    subscribe,
)

PER_ACCOUNT = 3
PER_ADDRESS = 5


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(
        update={"card_attempts_per_account": PER_ACCOUNT, "card_attempts_per_address": PER_ADDRESS}
    )


def _refused(response: Any) -> None:
    assert response.status_code == 429, response.text
    assert response.json() == {
        "type": "too-many-requests",
        "message": "Too many attempts. Please wait 60 minutes and try again.",
    }
    assert 3500 < int(response.headers["retry-after"]) <= 3600  # the hour's window, counting


def _vault(client: TestClient, sandbox: SandboxGateway, card: str = DECLINED_CARD) -> Any:
    return client.post(METHODS, json={"payment_method_nonce": nonce(sandbox, card)})


def test_one_account_trying_card_after_card_is_stopped(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    for _ in range(PER_ACCOUNT):  # declined cards: what card testing looks like
        assert _vault(client, sandbox).status_code == 402
    _refused(_vault(client, sandbox, "4111111111111111"))  # even a good card now
    assert count(runtime, SandboxPaymentMethod) == 0  # the gateway was not asked
    # Every card path counts: a subscribe with a card and re-verifying a vaulted one.
    _refused(subscribe(client, "sports-monthly", nonce(sandbox)))
    _refused(client.patch(f"{METHODS}/any-token", json={"payment_method_nonce": "x"}))


def test_re_verifying_and_subscribing_with_a_card_count_too(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    vaulted = _vault(client, sandbox, "4111111111111111")
    assert vaulted.status_code == 201, vaulted.text
    token = vaulted.json()["token"]
    replaced = client.patch(f"{METHODS}/{token}", json={"payment_method_nonce": nonce(sandbox)})
    assert replaced.status_code == 200, replaced.text
    assert subscribe(client, "sports-monthly", nonce(sandbox)).status_code == 200
    _refused(client.patch(f"{METHODS}/{token}", json={"payment_method_nonce": nonce(sandbox)}))


def test_one_address_spreading_cards_over_accounts_is_stopped(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    attempts = 0
    for reader in range(3):  # under each account's limit, over the address's
        sign_in(client, f"reader{reader}@example.com")
        for _ in range(2):
            attempts += 1
            response = _vault(client, sandbox)
            if attempts <= PER_ADDRESS:
                assert response.status_code == 402, response.text
            else:
                _refused(response)
        client.cookies.clear()


def test_a_subscribe_with_the_saved_card_is_not_a_card_attempt(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    assert _vault(client, sandbox, "4111111111111111").status_code == 201
    for _ in range(PER_ACCOUNT - 1):
        assert _vault(client, sandbox).status_code == 402
    response = subscribe(client, "sports-monthly", None)  # the default method: no new card
    assert response.status_code == 200, response.text
