"""BraintreeGateway: PaymentGateway through the official `braintree` SDK (production).

The SDK is untyped; this module is the narrow typed wrapper around it: every value read from
an SDK object is converted to a plain type here, and nothing of the SDK leaves the module.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date
from decimal import Decimal
from typing import Any
from urllib.parse import urlsplit

with warnings.catch_warnings():  # the SDK warns about its own deprecated names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    import braintree  # type: ignore[import-untyped]

from masthead.billing.gateway.braintree_values import (
    as_customer,
    as_payment_method,
    as_refusal,
    as_subscription,
    as_transaction,
    text_or_none,
    utc_time,
)
from masthead.billing.gateway.interface import (
    INVALID_SIGNATURE,
    NOT_FOUND,
    UNAVAILABLE,
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
from masthead.metrics import GATEWAY_ERRORS
from masthead.settings import Settings


class _UrlEnvironment(braintree.Environment):  # type: ignore[misc]
    """Braintree's protocol at any base URL, path included (Environment has host and port)."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"braintree_environment {url!r} is not sandbox, production or a URL")
        default_port = "443" if parts.scheme == "https" else "80"
        # verify=True: requests checks an https server against its CA bundle.
        super().__init__(
            url, parts.hostname, str(parts.port or default_port), "", parts.scheme == "https", True
        )
        self._base = url.rstrip("/")

    @property
    def protocol(self) -> str:
        return ""

    @property
    def server_and_port(self) -> str:
        return self._base

    @property
    def base_url(self) -> str:
        return self._base


# How long one call may take before it is a failure the reader is told of (the SDK's own
# default is 60 s: a reader at checkout gives up long before; settings move it).
DEFAULT_TIMEOUT_SECONDS = 20.0


def configuration(
    environment: str,
    merchant_id: str,
    public_key: str,
    private_key: str,
    timeout: float = DEFAULT_TIMEOUT_SECONDS,
) -> Any:
    """An SDK Configuration; environment is 'sandbox', 'production' or a base URL."""
    env = braintree.Environment.All.get(environment) or _UrlEnvironment(environment)
    return braintree.Configuration(
        environment=env,
        merchant_id=merchant_id,
        public_key=public_key,
        private_key=private_key,
        timeout=timeout,
        wrap_http_exceptions=True,  # network failures as the SDK's own errors, not requests'
    )


@contextmanager
def _sdk_errors() -> Iterator[None]:
    """The SDK's exceptions as GatewayErrors: nothing of the SDK leaves this module."""
    try:
        yield
    except braintree.exceptions.NotFoundError as exc:
        GATEWAY_ERRORS.labels("not_found").inc()
        raise GatewayError(NOT_FOUND, str(exc) or "not found") from None
    except braintree.exceptions.InvalidSignatureError as exc:
        GATEWAY_ERRORS.labels("invalid_signature").inc()
        raise GatewayError(INVALID_SIGNATURE, str(exc)) from None
    except braintree.exceptions.braintree_error.BraintreeError as exc:
        # Authentication, rate limits, server errors, timeouts, connection failures.
        GATEWAY_ERRORS.labels("unavailable").inc()
        raise GatewayError(UNAVAILABLE, f"{type(exc).__name__}: {exc}") from exc


class BraintreeGateway:
    def __init__(self, config: Settings | Any) -> None:
        if isinstance(config, Settings):
            config = configuration(
                config.braintree_environment,
                config.braintree_merchant_id,
                config.braintree_public_key,
                config.braintree_private_key,
                config.braintree_timeout_seconds,
            )
        self._gateway = braintree.BraintreeGateway(config)

    def _call(self, call: Callable[[], Any]) -> Any:
        """One SDK call; a refused result is raised as a GatewayError."""
        with _sdk_errors():
            result = call()
        if isinstance(result, braintree.ErrorResult):
            GATEWAY_ERRORS.labels("refused").inc()
            raise as_refusal(result)
        return result

    # Customers

    def create_customer(self, customer_id: str, email: str, name: str) -> CustomerInfo:
        first, last = split_name(name)
        params = {"id": customer_id, "email": email, "first_name": first, "last_name": last}
        return as_customer(self._call(lambda: self._gateway.customer.create(params)).customer)

    def find_customer(self, customer_id: str) -> CustomerInfo:
        return as_customer(self._call(lambda: self._gateway.customer.find(customer_id)))

    def client_token(self, customer_id: str | None = None) -> str:
        params = {"customer_id": customer_id} if customer_id else {}
        try:
            return str(self._call(lambda: self._gateway.client_token.generate(params)))
        except ValueError as exc:  # the SDK's way of saying the customer does not exist
            raise GatewayError(NOT_FOUND, str(exc)) from None

    # Payment methods

    def vault_payment_method(
        self, customer_id: str, nonce: str, make_default: bool = False
    ) -> PaymentMethodInfo:
        params = {
            "customer_id": customer_id,
            "payment_method_nonce": nonce,
            "options": {"make_default": make_default, "verify_card": True},
        }
        result = self._call(lambda: self._gateway.payment_method.create(params))
        return as_payment_method(result.payment_method)

    def list_payment_methods(self, customer_id: str) -> list[PaymentMethodInfo]:
        return list(self.find_customer(customer_id).payment_methods)

    def find_payment_method(self, token: str) -> PaymentMethodInfo:
        return as_payment_method(self._call(lambda: self._gateway.payment_method.find(token)))

    def update_payment_method(
        self,
        token: str,
        *,
        nonce: str | None = None,
        expiration_date: str | None = None,
        billing_postal_code: str | None = None,
        cardholder_name: str | None = None,
        make_default: bool = False,
    ) -> PaymentMethodInfo:
        params: dict[str, Any] = {}
        options: dict[str, Any] = {}
        if nonce is not None:
            params["payment_method_nonce"] = nonce
            options["verify_card"] = True
        if expiration_date is not None:
            params["expiration_date"] = expiration_date
        if billing_postal_code is not None:
            params["billing_address"] = {
                "postal_code": billing_postal_code,
                "options": {"update_existing": True},
            }
        if cardholder_name is not None:
            params["cardholder_name"] = cardholder_name
        if make_default:
            options["make_default"] = True
        if options:
            params["options"] = options
        return self._update_method(token, params)

    def delete_payment_method(self, token: str) -> None:
        self._call(lambda: self._gateway.payment_method.delete(token))

    def make_default(self, token: str) -> PaymentMethodInfo:
        return self._update_method(token, {"options": {"make_default": True}})

    def _update_method(self, token: str, params: dict[str, Any]) -> PaymentMethodInfo:
        result = self._call(lambda: self._gateway.payment_method.update(token, params))
        return as_payment_method(result.payment_method)

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
        params: dict[str, Any] = {"payment_method_token": payment_method_token, "plan_id": plan_id}
        if subscription_id is not None:
            params["id"] = subscription_id
        if price is not None:
            params["price"] = price
        if first_billing_date is not None:
            params["first_billing_date"] = first_billing_date
        if trial_duration == 0:
            params["trial_period"] = False
        elif trial_duration is not None or trial_unit is not None:
            params["trial_period"] = True
            params["trial_duration"] = trial_duration
            params["trial_duration_unit"] = trial_unit
        if discounts:
            params["discounts"] = {"add": [_discount_param(d) for d in discounts]}
        if start_immediately:
            params["options"] = {"start_immediately": True}
        if number_of_billing_cycles is not None:
            params["number_of_billing_cycles"] = number_of_billing_cycles
        result = self._call(lambda: self._gateway.subscription.create(params))
        return as_subscription(result.subscription)

    def find_subscription(self, subscription_id: str) -> SubscriptionInfo:
        return as_subscription(self._call(lambda: self._gateway.subscription.find(subscription_id)))

    def cancel_subscription(self, subscription_id: str) -> SubscriptionInfo:
        result = self._call(lambda: self._gateway.subscription.cancel(subscription_id))
        return as_subscription(result.subscription)

    def update_subscription(
        self,
        subscription_id: str,
        *,
        price: Decimal | None = None,
        plan_id: str | None = None,
        payment_method_token: str | None = None,
        add_discounts: Sequence[Discount] = (),
    ) -> SubscriptionInfo:
        # No proration: a change takes effect from the next billing date, as in the sandbox.
        params: dict[str, Any] = {"options": {"prorate_charges": False}}
        if price is not None:
            params["price"] = price
        if plan_id is not None:
            params["plan_id"] = plan_id
        if payment_method_token is not None:
            params["payment_method_token"] = payment_method_token
        if add_discounts:
            params["discounts"] = {"add": [_discount_param(d) for d in add_discounts]}
        result = self._call(lambda: self._gateway.subscription.update(subscription_id, params))
        return as_subscription(result.subscription)

    def retry_charge(self, subscription_id: str, amount: Decimal | None = None) -> TransactionInfo:
        result = self._call(
            lambda: self._gateway.subscription.retry_charge(
                subscription_id, amount, submit_for_settlement=True
            )
        )
        return as_transaction(result.transaction)

    # Transactions: a full refund of a settled sale, or the void of one not settled yet

    def refund_transaction(self, transaction_id: str) -> TransactionInfo:
        result = self._call(lambda: self._gateway.transaction.refund(transaction_id))
        return as_transaction(result.transaction)

    def void_transaction(self, transaction_id: str) -> TransactionInfo:
        result = self._call(lambda: self._gateway.transaction.void(transaction_id))
        return as_transaction(result.transaction)

    def find_transaction(self, transaction_id: str) -> TransactionInfo:
        return as_transaction(self._call(lambda: self._gateway.transaction.find(transaction_id)))

    # Webhooks

    def parse_webhook(self, bt_signature: str, bt_payload: str) -> WebhookInfo:
        notification = self._call(
            lambda: self._gateway.webhook_notification.parse(bt_signature, bt_payload)
        )
        subscription = getattr(notification, "subscription", None)
        return WebhookInfo(
            kind=str(notification.kind),
            subscription_id=text_or_none(getattr(subscription, "id", None)),
            timestamp=utc_time(notification.timestamp),
        )

    def sample_webhook(self, kind: str, subscription_id: str) -> dict[str, str]:
        sample = self._call(
            lambda: self._gateway.webhook_testing.sample_notification(kind, subscription_id)
        )
        payload = sample["bt_payload"]
        return {
            "bt_signature": str(sample["bt_signature"]),
            "bt_payload": payload.decode("ascii") if isinstance(payload, bytes) else str(payload),
        }

    # The processor's own side: Braintree keeps plans in its control panel and bills on its
    # own schedule, so there is nothing to send.

    def publish_plans(self, plans: Sequence[PlanSpec]) -> None:
        return None

    def run_billing_cycle(self) -> None:
        return None


def _discount_param(d: Discount) -> dict[str, Any]:
    param: dict[str, Any] = {"inherited_from_id": d.id, "amount": d.amount}
    if d.number_of_billing_cycles is None:
        param["never_expires"] = True
    else:
        param["number_of_billing_cycles"] = d.number_of_billing_cycles
    return param
