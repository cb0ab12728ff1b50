"""SandboxGateway: the PaymentGateway that `make run` uses, straight on the sandbox tables.

Each call is its own transaction, as a call to Braintree is: its effects do not roll back
with the caller's. On SQLite, call it while holding no write transaction of your own (as with
any remote call), or the two writers wait on each other.
"""

from __future__ import annotations

import base64
import json
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from typing import TypeVar

from sqlalchemy.orm import Session, sessionmaker

from masthead.billing.api import (
    CustomerInfo,
    Discount,
    GatewayError,
    PaymentMethodInfo,
    PlanSpec,
    SubscriptionInfo,
    TransactionInfo,
    TrialUnit,
    WebhookInfo,
    split_name,
)
from masthead.braintree_sandbox import (
    charges,
    cycles,
    refunds,
    repository,
    seed,
    subscriptions,
    vault,
    views,
    webhooks,
)
from masthead.braintree_sandbox.context import Ctx
from masthead.clock import Clock
from masthead.settings import Settings

T = TypeVar("T")


def _raise_refusal(result: T | GatewayError) -> T:
    """Refusals that record something (a used nonce, a declined sale) come back committed."""
    if isinstance(result, GatewayError):
        raise result
    return result


class SandboxGateway:
    """The sandbox's tables through `sessions`, its time from `clock`, its merchant's keys
    and address from `settings`."""

    def __init__(self, sessions: sessionmaker[Session], clock: Clock, settings: Settings) -> None:
        self.sessions = sessions
        self.clock = clock
        self.settings = settings

    def _slow_answer(self) -> None:
        """A gateway that did the work and answers late (MASTHEAD_PAYMENT_SANDBOX_ANSWER_DELAY_MS):
        the window in which a request dies knowing nothing of what the gateway made."""
        if self.settings.payment_sandbox_answer_delay_ms:
            time.sleep(self.settings.payment_sandbox_answer_delay_ms / 1000)

    @contextmanager
    def unit(self) -> Iterator[Ctx]:
        """One sandbox transaction at the clock's current time."""
        with self.sessions.begin() as db:
            yield Ctx.at_clock(db, self.clock, self.settings)

    # Customers and the card form

    def create_customer(self, customer_id: str, email: str, name: str) -> CustomerInfo:
        first, last = split_name(name)
        with self.unit() as ctx:
            row = vault.create_customer(ctx, customer_id, email, first, last)
            return views.customer(ctx, row)

    def find_customer(self, customer_id: str) -> CustomerInfo:
        with self.unit() as ctx:
            return views.customer(ctx, vault.get_customer(ctx, customer_id))

    def client_token(self, customer_id: str | None = None) -> str:
        """What Braintree's client SDKs take: base64 JSON naming the sandbox's client API."""
        settings = self.settings
        if customer_id is not None:
            with self.unit() as ctx:
                vault.get_customer(ctx, customer_id)
        base = f"{settings.public_url}/braintree-sandbox/merchants/{settings.braintree_merchant_id}"
        claims = f"merchant_id={settings.braintree_merchant_id}&customer_id={customer_id or ''}"
        fingerprint = f"{webhooks.signature(settings.braintree_private_key, claims)}|{claims}"
        token = {
            "version": 2,
            "authorizationFingerprint": fingerprint,
            "configUrl": f"{base}/client_api/v1/configuration",
            "clientApiUrl": f"{base}/client_api",
            "environment": "sandbox",
            "merchantId": settings.braintree_merchant_id,
        }
        return base64.b64encode(json.dumps(token).encode()).decode("ascii")

    def tokenize_card(
        self,
        number: str,
        expiration: str,
        cvv: str,
        postal_code: str | None = None,
        cardholder_name: str | None = None,
    ) -> str:
        """A single-use nonce for one of Braintree's test cards (the sandbox's card form)."""
        with self.unit() as ctx:
            return vault.tokenize_card(ctx, number, expiration, cvv, postal_code, cardholder_name)

    # Payment methods

    def vault_payment_method(
        self, customer_id: str, nonce: str, make_default: bool = False, verify_card: bool = True
    ) -> PaymentMethodInfo:
        with self.unit() as ctx:
            result = vault.vault(ctx, customer_id, nonce, make_default, verify_card)
            info = (
                result
                if isinstance(result, GatewayError)
                else views.payment_method(result, ctx.today)
            )
        return _raise_refusal(info)

    def list_payment_methods(self, customer_id: str) -> list[PaymentMethodInfo]:
        return list(self.find_customer(customer_id).payment_methods)

    def find_payment_method(self, token: str) -> PaymentMethodInfo:
        with self.unit() as ctx:
            return views.payment_method(vault.get_method(ctx, token), ctx.today)

    def update_payment_method(
        self,
        token: str,
        *,
        nonce: str | None = None,
        expiration_date: str | None = None,
        billing_postal_code: str | None = None,
        cardholder_name: str | None = None,
        make_default: bool = False,
        verify_card: bool = True,
    ) -> PaymentMethodInfo:
        with self.unit() as ctx:
            result = vault.update(
                ctx,
                token,
                nonce=nonce,
                expiration_date=expiration_date,
                billing_postal_code=billing_postal_code,
                cardholder_name=cardholder_name,
                make_default=make_default,
                verify_card=verify_card,
            )
            info = (
                result
                if isinstance(result, GatewayError)
                else views.payment_method(result, ctx.today)
            )
        return _raise_refusal(info)

    def delete_payment_method(self, token: str) -> None:
        with self.unit() as ctx:
            vault.get_method(ctx, token, lock=True)
            subscriptions.cancel_paying_with(ctx, token)
            vault.delete(ctx, token)

    def make_default(self, token: str) -> PaymentMethodInfo:
        with self.unit() as ctx:
            return views.payment_method(vault.make_default(ctx, token), ctx.today)

    # Subscriptions

    def create_subscription(
        self,
        payment_method_token: str,
        plan_id: str,
        *,
        price: Decimal | None = None,
        first_billing_date: date | None = None,
        trial_duration: int | None = None,
        trial_unit: TrialUnit | None = None,
        discounts: Sequence[Discount] = (),
        start_immediately: bool = False,
        number_of_billing_cycles: int | None = None,
        subscription_id: str | None = None,
    ) -> SubscriptionInfo:
        with self.unit() as ctx:
            result = subscriptions.create(
                ctx,
                payment_method_token,
                plan_id,
                price=price,
                first_billing_date=first_billing_date,
                trial_duration=trial_duration,
                trial_unit=trial_unit,
                discounts=discounts,
                start_immediately=start_immediately,
                number_of_billing_cycles=number_of_billing_cycles,
                subscription_id=subscription_id,
            )
        self._slow_answer()
        return _raise_refusal(result)

    def find_subscription(self, subscription_id: str) -> SubscriptionInfo:
        with self.unit() as ctx:
            return views.subscription(ctx, subscriptions.get(ctx, subscription_id))

    def cancel_subscription(self, subscription_id: str) -> SubscriptionInfo:
        with self.unit() as ctx:
            cancelled = subscriptions.cancel(ctx, subscription_id)
        self._slow_answer()
        return cancelled

    def update_subscription(
        self,
        subscription_id: str,
        *,
        price: Decimal | None = None,
        plan_id: str | None = None,
        payment_method_token: str | None = None,
        add_discounts: Sequence[Discount] = (),
    ) -> SubscriptionInfo:
        with self.unit() as ctx:
            return subscriptions.update(
                ctx,
                subscription_id,
                price=price,
                plan_id=plan_id,
                payment_method_token=payment_method_token,
                add_discounts=add_discounts,
            )

    def retry_charge(
        self,
        subscription_id: str,
        amount: Decimal | None = None,
        submit_for_settlement: bool = True,
    ) -> TransactionInfo:
        with self.unit() as ctx:
            sub = repository.subscription(ctx.db, subscription_id, lock=True)
            if sub is None:  # Braintree answers a retry for an unknown id as invalid input
                raise GatewayError(
                    "91528",
                    "Subscription ID is invalid.",
                    scope="transaction",
                    attribute="subscription_id",
                )
            result = charges.retry(ctx, sub, amount, submit_for_settlement)
        return _raise_refusal(result)

    # Transactions: refunds and voids (refunds.py)

    def refund_transaction(
        self, transaction_id: str, amount: Decimal | None = None
    ) -> TransactionInfo:
        with self.unit() as ctx:
            return views.transaction(refunds.refund(ctx, transaction_id, amount))

    def void_transaction(self, transaction_id: str) -> TransactionInfo:
        with self.unit() as ctx:
            return views.transaction(refunds.void(ctx, transaction_id))

    def find_transaction(self, transaction_id: str) -> TransactionInfo:
        with self.unit() as ctx:
            return views.transaction(refunds.find(ctx, transaction_id))

    def settle_transaction(self, transaction_id: str) -> TransactionInfo:
        """Braintree sandbox's testing.settle: what its nightly batch does to a sale."""
        with self.unit() as ctx:
            return views.transaction(refunds.settle(ctx, transaction_id))

    # Webhooks

    def parse_webhook(self, bt_signature: str, bt_payload: str) -> WebhookInfo:
        return webhooks.parse(self.settings, bt_signature, bt_payload)

    def sample_webhook(self, kind: str, subscription_id: str) -> dict[str, str]:
        """A signed notification about the subscription as it stands (or a bare id)."""
        with self.unit() as ctx:
            row = repository.subscription(ctx.db, subscription_id)
            subject = views.subscription(ctx, row) if row is not None else subscription_id
            return webhooks.notification(ctx.settings, kind, subject, ctx.now)

    # The processor's own side: its plans, and its recurring billing

    def publish_plans(self, plans: Sequence[PlanSpec]) -> None:
        seed.seed_plans(self.sessions, plans)

    def run_billing_cycle(self) -> None:
        cycles.advance(self.sessions, self.clock, self.settings)
