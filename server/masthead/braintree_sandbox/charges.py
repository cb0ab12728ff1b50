"""Charging a vaulted method, and what a charge's outcome does to its subscription."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from masthead.billing.api import (
    ACTIVE,
    CENT,
    GATEWAY_REJECTED,
    MAX_AMOUNT,
    PAST_DUE,
    GatewayError,
    TransactionInfo,
)
from masthead.braintree_sandbox import catalog, repository, views, webhooks
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import (
    SandboxSubscription,
    SandboxTransaction,
)

INSTRUMENT_TYPES = {
    "CreditCard": "credit_card",
    "PayPalAccount": "paypal_account",
    "ApplePay": "apple_pay_card",
    "GooglePay": "android_pay_card",
    "VenmoAccount": "venmo_account",
}


def charge(
    ctx: Ctx,
    token: str,
    amount: Decimal,
    subscription_id: str | None,
    billing_date: date | None = None,
    submit_for_settlement: bool = True,
) -> SandboxTransaction:
    """One sale, answered by the card's behaviour and then by the amount."""
    method = ctx.payment_method(token)
    behaviour = method.behaviour if method else catalog.PROCESSOR_DECLINED
    outcome = catalog.charge_outcome(behaviour, amount)
    status = outcome.status
    if outcome.approved and submit_for_settlement:
        status = "submitted_for_settlement"
    row = SandboxTransaction(
        id=repository.new_id(8),
        subscription_id=subscription_id,
        billing_date=billing_date,
        payment_method_token=token,
        payment_instrument_type=INSTRUMENT_TYPES.get(method.kind if method else "", "credit_card"),
        amount=amount,
        status=status,
        processor_response_code=outcome.code,
        processor_response_text=outcome.text,
        gateway_rejection_reason=outcome.gateway_rejection_reason,
        created_at=ctx.now,
        kind="sale",  # set here: a billing run inserts its rows without the ORM's defaults
    )
    ctx.add_transaction(row)
    ctx.flush()
    return row


def refusal(row: SandboxTransaction) -> GatewayError:
    """A declined charge as Braintree reports it: its message, its transaction attached."""
    info = views.transaction(row)
    if row.gateway_rejection_reason:
        return GatewayError(
            GATEWAY_REJECTED,
            f"Gateway Rejected: {row.gateway_rejection_reason}",
            transaction=info,
        )
    return GatewayError(row.processor_response_code, row.processor_response_text, transaction=info)


def succeeded(row: SandboxTransaction | None) -> bool:
    return row is None or views.transaction(row).succeeded


def settle_paid(ctx: Ctx, sub: SandboxSubscription) -> None:
    """A charge covered everything owed: the subscription is paid through this period."""
    was = sub.status
    sub.status = ACTIVE
    sub.balance = Decimal("0.00")
    sub.failure_count = 0
    sub.paid_through_date = sub.billing_period_end_date
    sub.updated_at = ctx.now
    ctx.flush()
    if was != ACTIVE:
        webhooks.notify(ctx, "subscription_went_active", views.subscription(ctx, sub))
    webhooks.notify(ctx, "subscription_charged_successfully", views.subscription(ctx, sub))


def settle_unpaid(ctx: Ctx, sub: SandboxSubscription, owed: Decimal) -> None:
    """A charge failed: the amount is owed and the subscription is Past Due."""
    was = sub.status
    sub.status = PAST_DUE
    sub.balance = owed
    sub.failure_count += 1
    sub.updated_at = ctx.now
    ctx.flush()
    webhooks.notify(ctx, "subscription_charged_unsuccessfully", views.subscription(ctx, sub))
    if was != PAST_DUE:
        webhooks.notify(ctx, "subscription_went_past_due", views.subscription(ctx, sub))


def retry(
    ctx: Ctx, sub: SandboxSubscription, amount: Decimal | None, submit_for_settlement: bool
) -> TransactionInfo | GatewayError:
    """Braintree's retry_charge: only for Past Due; the balance unless an amount is given."""
    if sub.status != PAST_DUE:
        raise GatewayError(
            "91531",
            "Subscription status must be Past Due in order to retry.",
            scope="transaction",
            attribute="subscription_id",
        )
    amount = sub.balance if amount is None else check_amount(amount)
    row = charge(ctx, sub.payment_method_token, amount, sub.id, None, submit_for_settlement)
    if not succeeded(row):
        sub.failure_count += 1
        sub.updated_at = ctx.now
        ctx.db.flush()
        webhooks.notify(ctx, "subscription_charged_unsuccessfully", views.subscription(ctx, sub))
        return refusal(row)
    remaining = max(sub.balance - amount, Decimal("0.00"))
    if remaining == 0:
        settle_paid(ctx, sub)
    else:
        sub.balance = remaining
        sub.updated_at = ctx.now
    return views.transaction(row)


def check_amount(amount: Decimal) -> Decimal:
    if not amount.is_finite() or amount != amount.quantize(CENT):
        raise GatewayError(
            "81503", "Amount is an invalid format.", scope="transaction", attribute="amount"
        )
    if amount <= 0:
        raise GatewayError(
            "81531", "Amount must be greater than zero.", scope="transaction", attribute="amount"
        )
    if amount > MAX_AMOUNT:
        raise GatewayError("81528", "Amount is too large.", scope="transaction", attribute="amount")
    return amount
