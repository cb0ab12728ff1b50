"""BraintreeGateway: PaymentGateway through the official `braintree` SDK (production).

The SDK is untyped; this module is the narrow typed wrapper around it: every value read from
an SDK object is converted to a plain type here, and nothing of the SDK leaves the module.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from decimal import Decimal
from typing import Any, cast
from urllib.parse import urlsplit

with warnings.catch_warnings():  # the SDK warns about its own deprecated names on import
    warnings.simplefilter("ignore", DeprecationWarning)
    import braintree  # type: ignore[import-untyped]

from masthead.billing.gateway import (
    GATEWAY_REJECTED,
    INVALID_SIGNATURE,
    NOT_FOUND,
    UNAVAILABLE,
    CustomerInfo,
    Discount,
    GatewayError,
    PaymentMethodInfo,
    PaymentMethodType,
    SubscriptionInfo,
    SubscriptionStatus,
    TransactionInfo,
    TrialUnit,
    Verification,
    WebhookInfo,
    ordered_methods,
    split_name,
)
from masthead.clock import as_utc
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


def configuration(environment: str, merchant_id: str, public_key: str, private_key: str) -> Any:
    """An SDK Configuration; environment is 'sandbox', 'production' or a base URL."""
    env = braintree.Environment.All.get(environment) or _UrlEnvironment(environment)
    return braintree.Configuration(
        environment=env,
        merchant_id=merchant_id,
        public_key=public_key,
        private_key=private_key,
        wrap_http_exceptions=True,  # network failures as the SDK's own errors, not requests'
    )


def _s(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


def _i(value: Any) -> int | None:
    return None if value is None or value == "" else int(value)


def _d(value: Any) -> date | None:
    return value if isinstance(value, date) else None


def _t(value: Any) -> datetime:
    return as_utc(cast(datetime, value))


def _money(value: Any) -> Decimal:
    return Decimal(str(value)) if value not in (None, "") else Decimal("0.00")


@contextmanager
def _sdk_errors() -> Iterator[None]:
    """The SDK's exceptions as GatewayErrors: nothing of the SDK leaves this module."""
    try:
        yield
    except braintree.exceptions.NotFoundError as exc:
        raise GatewayError(NOT_FOUND, str(exc) or "not found") from None
    except braintree.exceptions.InvalidSignatureError as exc:
        raise GatewayError(INVALID_SIGNATURE, str(exc)) from None
    except braintree.exceptions.braintree_error.BraintreeError as exc:
        # Authentication, rate limits, server errors, timeouts, connection failures.
        raise GatewayError(UNAVAILABLE, f"{type(exc).__name__}: {exc}") from exc


class BraintreeGateway:
    def __init__(self, config: Settings | Any) -> None:
        if isinstance(config, Settings):
            config = configuration(
                config.braintree_environment,
                config.braintree_merchant_id,
                config.braintree_public_key,
                config.braintree_private_key,
            )
        self._gateway = braintree.BraintreeGateway(config)

    def _call(self, call: Callable[[], Any]) -> Any:
        """One SDK call; a refused result is raised as a GatewayError."""
        with _sdk_errors():
            result = call()
        if isinstance(result, braintree.ErrorResult):
            raise _refusal(result)
        return result

    # Customers

    def create_customer(self, customer_id: str, email: str, name: str) -> CustomerInfo:
        first, last = split_name(name)
        params = {"id": customer_id, "email": email, "first_name": first, "last_name": last}
        return _customer(self._call(lambda: self._gateway.customer.create(params)).customer)

    def find_customer(self, customer_id: str) -> CustomerInfo:
        return _customer(self._call(lambda: self._gateway.customer.find(customer_id)))

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
        return _payment_method(result.payment_method)

    def list_payment_methods(self, customer_id: str) -> list[PaymentMethodInfo]:
        return list(self.find_customer(customer_id).payment_methods)

    def find_payment_method(self, token: str) -> PaymentMethodInfo:
        return _payment_method(self._call(lambda: self._gateway.payment_method.find(token)))

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
        return _payment_method(result.payment_method)

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
        return _subscription(result.subscription)

    def find_subscription(self, subscription_id: str) -> SubscriptionInfo:
        return _subscription(self._call(lambda: self._gateway.subscription.find(subscription_id)))

    def cancel_subscription(self, subscription_id: str) -> SubscriptionInfo:
        result = self._call(lambda: self._gateway.subscription.cancel(subscription_id))
        return _subscription(result.subscription)

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
        return _subscription(result.subscription)

    def retry_charge(self, subscription_id: str, amount: Decimal | None = None) -> TransactionInfo:
        result = self._call(
            lambda: self._gateway.subscription.retry_charge(
                subscription_id, amount, submit_for_settlement=True
            )
        )
        return _transaction(result.transaction)

    # Webhooks

    def parse_webhook(self, bt_signature: str, bt_payload: str) -> WebhookInfo:
        notification = self._call(
            lambda: self._gateway.webhook_notification.parse(bt_signature, bt_payload)
        )
        subscription = getattr(notification, "subscription", None)
        return WebhookInfo(
            kind=str(notification.kind),
            subscription_id=_s(getattr(subscription, "id", None)),
            timestamp=_t(notification.timestamp),
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


def _discount_param(d: Discount) -> dict[str, Any]:
    param: dict[str, Any] = {"inherited_from_id": d.id, "amount": d.amount}
    if d.number_of_billing_cycles is None:
        param["never_expires"] = True
    else:
        param["number_of_billing_cycles"] = d.number_of_billing_cycles
    return param


def _refusal(result: Any) -> GatewayError:
    """A refused result as Braintree reports it: the check or sale behind it, or the first
    validation error."""
    message = str(result.message)
    verification = result.credit_card_verification
    if verification is not None:
        check = Verification(
            status=str(verification.status),
            processor_response_code=_s(verification.processor_response_code) or "",
            processor_response_text=_s(verification.processor_response_text) or "",
            gateway_rejection_reason=_s(getattr(verification, "gateway_rejection_reason", None)),
            cvv_response_code=_s(getattr(verification, "cvv_response_code", None)),
        )
        code = GATEWAY_REJECTED if check.gateway_rejection_reason else check.processor_response_code
        return GatewayError(code, message, verification=check)
    if result.transaction is not None:
        sale = _transaction(result.transaction)
        code = GATEWAY_REJECTED if sale.gateway_rejection_reason else sale.processor_response_code
        return GatewayError(code, message, transaction=sale)
    errors = result.errors.deep_errors
    if not errors:
        return GatewayError("unknown", message)
    first = errors[0]
    return GatewayError(str(first.code), str(first.message), attribute=_s(first.attribute) or "")


_METHOD_TYPES: dict[str, PaymentMethodType] = {
    "CreditCard": "CreditCard",
    "PayPalAccount": "PayPalAccount",
    "ApplePayCard": "ApplePay",
    "AndroidPayCard": "GooglePay",
    "VenmoAccount": "VenmoAccount",
}


def _payment_method(m: Any) -> PaymentMethodInfo:
    kind = _METHOD_TYPES.get(type(m).__name__)
    if kind is None:
        raise GatewayError("unsupported", f"{type(m).__name__} is not a supported payment method")
    billing = getattr(m, "billing_address", None)
    return PaymentMethodInfo(
        token=str(m.token),
        customer_id=str(m.customer_id),
        type=kind,
        default=bool(m.default),
        image_url=str(m.image_url),
        created_at=_t(m.created_at),
        card_type=_s(getattr(m, "card_type", None)),
        last_4=_s(getattr(m, "last_4", None)),
        bin=_s(getattr(m, "bin", None)),
        expiration_month=_i(getattr(m, "expiration_month", None)),
        expiration_year=_i(getattr(m, "expiration_year", None)),
        expired=bool(getattr(m, "expired", False)),
        cardholder_name=_s(getattr(m, "cardholder_name", None)),
        billing_postal_code=_s(getattr(billing, "postal_code", None)),
        email=_s(getattr(m, "email", None)),
        username=_s(getattr(m, "username", None)),
    )


def _customer(c: Any) -> CustomerInfo:
    methods = (_payment_method(m) for m in c.payment_methods if type(m).__name__ in _METHOD_TYPES)
    return CustomerInfo(
        id=str(c.id),
        email=_s(c.email) or "",
        first_name=_s(c.first_name) or "",
        last_name=_s(c.last_name) or "",
        created_at=_t(c.created_at),
        payment_methods=tuple(ordered_methods(methods)),
    )


def _transaction(t: Any) -> TransactionInfo:
    return TransactionInfo(
        id=str(t.id),
        amount=_money(t.amount),
        status=str(t.status),
        created_at=_t(t.created_at),
        processor_response_code=_s(getattr(t, "processor_response_code", None)) or "",
        processor_response_text=_s(getattr(t, "processor_response_text", None)) or "",
        gateway_rejection_reason=_s(getattr(t, "gateway_rejection_reason", None)),
        subscription_id=_s(getattr(t, "subscription_id", None)),
        payment_instrument_type=_s(getattr(t, "payment_instrument_type", None)) or "credit_card",
    )


def _subscription(s: Any) -> SubscriptionInfo:
    return SubscriptionInfo(
        id=str(s.id),
        status=cast(SubscriptionStatus, str(s.status)),
        plan_id=str(s.plan_id),
        price=_money(s.price),
        payment_method_token=str(s.payment_method_token),
        first_billing_date=cast(date, s.first_billing_date),
        next_billing_date=_d(s.next_billing_date),
        paid_through_date=_d(s.paid_through_date),
        billing_period_start_date=_d(s.billing_period_start_date),
        billing_period_end_date=_d(s.billing_period_end_date),
        billing_day_of_month=int(s.billing_day_of_month),
        current_billing_cycle=int(s.current_billing_cycle or 0),
        number_of_billing_cycles=_i(s.number_of_billing_cycles),
        trial_period=bool(s.trial_period),
        trial_duration=_i(s.trial_duration),
        trial_duration_unit=cast(TrialUnit | None, _s(s.trial_duration_unit)),
        failure_count=int(s.failure_count or 0),
        days_past_due=_i(s.days_past_due),
        balance=_money(s.balance),
        next_bill_amount=_money(s.next_bill_amount),
        created_at=_t(s.created_at),
        updated_at=_t(s.updated_at),
        discounts=tuple(
            Discount(str(d.id), _money(d.amount), _i(d.number_of_billing_cycles))
            for d in s.discounts
        ),
        transactions=tuple(_transaction(t) for t in s.transactions),
    )
