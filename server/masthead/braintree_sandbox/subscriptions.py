"""Subscriptions: create, cancel, update, with Braintree's statuses, dates and error codes.

Dates follow Braintree: a billing period runs from a billing date to the day before the next;
paid_through_date is the end of the last period a charge covered (a trial counts as paid,
at no charge); a future first_billing_date makes the subscription Pending with
next_billing_date equal to it and paid_through_date null.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal

from masthead.billing.api import (
    ACTIVE,
    CANCELED,
    CENT,
    EXPIRED,
    MAX_AMOUNT,
    PAST_DUE,
    PENDING,
    Discount,
    GatewayError,
    SubscriptionInfo,
    billing_day_for,
    next_cycle,
    trial_end,
)
from masthead.braintree_sandbox import charges, repository, vault, views, webhooks
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import (
    SandboxDiscount,
    SandboxPlan,
    SandboxSubscription,
)

ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,36}")  # the column holds 36


def _invalid(code: str, message: str, attribute: str) -> GatewayError:
    return GatewayError(code, message, scope="subscription", attribute=attribute)


def check_price(price: Decimal) -> Decimal:
    if not price.is_finite() or price < 0 or price != price.quantize(CENT):
        raise _invalid("81904", "Price is an invalid format.", "price")
    if price > MAX_AMOUNT:
        raise _invalid("81923", "Price is too large.", "price")
    return price.quantize(CENT)


def get(ctx: Ctx, subscription_id: str, lock: bool = False) -> SandboxSubscription:
    row = repository.subscription(ctx.db, subscription_id, lock)
    if row is None:
        raise vault.not_found("subscription", subscription_id)
    return row


def _check_id(ctx: Ctx, subscription_id: str) -> None:
    """Braintree's rules for a caller-chosen id: letters, digits, - and _; unique."""
    if not ID_PATTERN.fullmatch(subscription_id):
        raise _invalid("81906", "ID contains invalid characters.", "id")
    if ctx.db.get(SandboxSubscription, subscription_id) is not None:
        raise _invalid("81902", "ID has already been taken.", "id")


def _plan(ctx: Ctx, plan_id: str) -> SandboxPlan:
    plan = repository.plan(ctx.db, plan_id)
    if plan is None:
        raise _invalid("91904", "Plan ID is invalid.", "plan_id")
    return plan


def _trial(plan: SandboxPlan, duration: int | None, unit: str | None) -> tuple[int, str] | None:
    """The trial to give: the plan's unless overridden; a duration of 0 means none."""
    if duration is None and unit is None:
        if plan.trial_duration and plan.trial_duration_unit:
            return plan.trial_duration, plan.trial_duration_unit
        return None
    if duration == 0:
        return None
    if unit not in ("day", "month"):
        raise _invalid("81909", "Trial Duration Unit is invalid.", "trial_duration_unit")
    if duration is None:
        raise _invalid("81908", "Trial Duration is required.", "trial_duration")
    if not 1 <= duration <= 9999:
        raise _invalid("81907", "Trial Duration is an invalid format.", "trial_duration")
    return duration, unit


def create(
    ctx: Ctx,
    payment_method_token: str,
    plan_id: str,
    *,
    price: Decimal | None,
    first_billing_date: date | None,
    trial_duration: int | None,
    trial_unit: str | None,
    discounts: Sequence[Discount],
    start_immediately: bool,
    number_of_billing_cycles: int | None,
    subscription_id: str | None = None,
) -> SubscriptionInfo | GatewayError:
    """A new subscription; a declined first charge is returned, recorded, with no subscription."""
    if subscription_id is not None:
        _check_id(ctx, subscription_id)
    if repository.payment_method(ctx.db, payment_method_token) is None:
        raise _invalid("91903", "Payment method token is invalid.", "payment_method_token")
    plan = _plan(ctx, plan_id)
    price = check_price(plan.price if price is None else price)
    trial = _trial(plan, trial_duration, trial_unit)
    cycles = (
        plan.number_of_billing_cycles
        if number_of_billing_cycles is None
        else number_of_billing_cycles
    )
    if cycles is not None and cycles < 1:
        raise _invalid(
            "91907",
            "Number Of Billing Cycles must be greater than zero.",
            "number_of_billing_cycles",
        )
    if first_billing_date is not None:
        if first_billing_date < ctx.today:
            raise _invalid(
                "91916", "First Billing Date cannot be in the past.", "first_billing_date"
            )
        if trial or start_immediately:
            raise _invalid(
                "91917",
                "A first billing date cannot be combined with a trial or start_immediately.",
                "first_billing_date",
            )
    sub = SandboxSubscription(
        id=subscription_id or repository.new_id(6),
        payment_method_token=payment_method_token,
        plan_id=plan.id,
        price=price,
        billing_frequency=plan.billing_frequency,
        current_billing_cycle=0,
        number_of_billing_cycles=cycles,
        trial_period=trial is not None,
        trial_duration=trial[0] if trial else None,
        trial_duration_unit=trial[1] if trial else None,
        failure_count=0,
        balance=Decimal("0.00"),
        created_at=ctx.now,
        updated_at=ctx.now,
    )
    for d in discounts:
        _check_discount(d)
    if trial is not None:
        _start_trial(ctx, sub, *trial)
    else:
        start = first_billing_date or ctx.today
        sub.first_billing_date = start
        sub.billing_day_of_month = billing_day_for(start)
        sub.next_billing_date = start
        sub.status = PENDING  # until its first charge, now or on its first billing date
        if start == ctx.today:
            refusal = _charge_first(ctx, sub, discounts)
            if refusal is not None:
                return refusal
    ctx.db.add(sub)
    ctx.db.flush()  # the discounts refer to it
    ctx.db.add_all(
        SandboxDiscount(
            subscription_id=sub.id,
            discount_id=d.id,
            amount=d.amount,
            number_of_billing_cycles=d.number_of_billing_cycles,
        )
        for d in discounts
    )
    ctx.db.flush()
    if sub.current_billing_cycle == 1:
        charges.settle_paid(ctx, sub)
    return views.subscription(ctx, sub)


def _check_discount(d: Discount) -> None:
    if not d.amount.is_finite() or d.amount < 0 or d.amount != d.amount.quantize(CENT):
        raise GatewayError(
            "92002", "Amount is an invalid format.", scope="discounts", attribute="amount"
        )
    if d.amount > MAX_AMOUNT:
        raise GatewayError("92023", "Amount is too large.", scope="discounts", attribute="amount")


def _start_trial(ctx: Ctx, sub: SandboxSubscription, duration: int, unit: str) -> None:
    """Active at once, charged nothing until the trial ends on the first billing date."""
    first = trial_end(ctx.today, duration, unit)
    sub.status = ACTIVE
    sub.first_billing_date = first
    sub.billing_day_of_month = billing_day_for(first)
    sub.next_billing_date = first
    sub.billing_period_start_date = ctx.today
    sub.billing_period_end_date = first - timedelta(days=1)
    sub.paid_through_date = sub.billing_period_end_date


def _charge_first(
    ctx: Ctx, sub: SandboxSubscription, discounts: Sequence[Discount]
) -> GatewayError | None:
    """Charge the first period now; a decline leaves the sale on record and no subscription."""
    amount = max(sub.price - views.discount_total(discounts, 1), Decimal("0.00"))
    row = charges.charge(ctx, sub.payment_method_token, amount, None) if amount else None
    if row is not None and not charges.succeeded(row):
        return charges.refusal(row)
    if row is not None:
        row.subscription_id = sub.id
        row.billing_date = ctx.today
    advance_period(sub)  # settled as paid once the row is stored
    return None


def advance_period(sub: SandboxSubscription) -> None:
    """Enter the billing period that starts on the next billing date."""
    assert sub.next_billing_date is not None
    start = sub.next_billing_date
    following = next_cycle(start, sub.billing_frequency, sub.billing_day_of_month)
    sub.current_billing_cycle += 1
    sub.billing_period_start_date = start
    sub.billing_period_end_date = following - timedelta(days=1)
    sub.next_billing_date = following


def cancel(ctx: Ctx, subscription_id: str) -> SubscriptionInfo:
    sub = get(ctx, subscription_id, lock=True)
    if sub.status in (CANCELED, EXPIRED):
        raise _invalid("81905", "Subscription has already been canceled.", "status")
    sub.status = CANCELED
    sub.updated_at = ctx.now
    ctx.db.flush()
    info = views.subscription(ctx, sub)
    webhooks.notify(ctx, "subscription_canceled", info)
    return info


def cancel_paying_with(ctx: Ctx, token: str) -> None:
    """Braintree cancels the subscriptions of a payment method that is deleted."""
    for sub in repository.live_subscriptions_paying_with(ctx.db, token):
        cancel(ctx, sub.id)


def update(
    ctx: Ctx,
    subscription_id: str,
    *,
    price: Decimal | None,
    plan_id: str | None,
    payment_method_token: str | None,
    add_discounts: Sequence[Discount] = (),
) -> SubscriptionInfo:
    """Changes take effect from the next billing date (no proration)."""
    sub = get(ctx, subscription_id, lock=True)
    if sub.status == CANCELED:
        raise _invalid("81901", "Subscription has been canceled and cannot be updated.", "base")
    if sub.status == EXPIRED:
        raise _invalid("81910", "Subscription has expired and cannot be updated.", "base")
    if plan_id is not None and plan_id != sub.plan_id:
        plan = _plan(ctx, plan_id)
        if plan.billing_frequency != sub.billing_frequency:
            raise _invalid(
                "91922",
                "Cannot update subscription to a plan with a different billing frequency.",
                "plan_id",
            )
        sub.plan_id = plan.id
    if price is not None and check_price(price) != sub.price:
        if sub.status == PAST_DUE:
            raise _invalid(
                "91920", "Cannot edit price changing fields on past due subscription.", "price"
            )
        sub.price = check_price(price)
    if payment_method_token is not None:
        _change_method(ctx, sub, payment_method_token)
    if add_discounts and sub.status == PAST_DUE:
        raise _invalid(
            "91920", "Cannot edit price changing fields on past due subscription.", "discounts"
        )
    for d in add_discounts:
        _check_discount(d)
        ctx.db.add(
            SandboxDiscount(
                subscription_id=sub.id,
                discount_id=d.id,
                amount=d.amount,
                number_of_billing_cycles=d.number_of_billing_cycles,
                first_cycle=sub.current_billing_cycle + 1,
            )
        )
    sub.updated_at = ctx.now
    ctx.db.flush()
    return views.subscription(ctx, sub)


def _change_method(ctx: Ctx, sub: SandboxSubscription, token: str) -> None:
    new = repository.payment_method(ctx.db, token)
    if new is None:
        raise _invalid("91903", "Payment method token is invalid.", "payment_method_token")
    old = repository.payment_method(ctx.db, sub.payment_method_token)
    if old is not None and old.customer_id != new.customer_id:
        raise _invalid(
            "91905",
            "Payment method token is not associated with the customer.",
            "payment_method_token",
        )
    sub.payment_method_token = token
