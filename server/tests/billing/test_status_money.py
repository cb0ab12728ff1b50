"""Only money makes a member (issue 11): whatever dates a reader's subscriptions carry and
whatever the profile says, a member-like status needs a settled payment whose paid-through
date covers today, a running trial, or a charge the gateway is taking (due since at most
CHARGE_GRACE_DAYS, on a subscription that was paid up to its billing date). Checked over
every pair of a set of subscriptions with every flag, rather than case by case."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import product
from typing import Any

from masthead.billing.memberships.status import (
    CHARGE_GRACE_DAYS,
    SubscriptionFacts,
    SubscriptionState,
    is_member,
    resolve_status,
)

TODAY = date(2026, 11, 22)
YESTERDAY = TODAY - timedelta(days=1)
TWO_AGO = TODAY - timedelta(days=2)
FUTURE = TODAY + timedelta(days=30)
FAR = date(2099, 12, 31)
S = SubscriptionState


def _variants() -> list[SubscriptionFacts]:
    found = [
        SubscriptionFacts(
            state=state,
            plan_id="annual",
            paid_through_date=paid,
            next_billing_date=billing,
            ends=(paid or billing) if state in (S.CANCELLED, S.EXPIRED) else None,
            has_transactions=paid is not None,
        )
        for state, paid, billing in product(
            list(S),
            (None, TWO_AGO, YESTERDAY, TODAY, FUTURE),
            (None, TWO_AGO, YESTERDAY, TODAY, FUTURE, FAR),
        )
    ]
    trials = [
        SubscriptionFacts(state=S.ACTIVE, plan_id="annual", trial_duration=7, next_billing_date=d)
        for d in (YESTERDAY, TODAY, FUTURE)
    ]
    return found + trials


FLAGS: list[dict[str, Any]] = [
    {"pause_feature_enabled": on, "profile_paused": paused, "current_plan": plan}
    for on, paused, plan in product((False, True), (False, True), (None, "annual"))
]


def _paid_for_today(subs: list[SubscriptionFacts]) -> bool:
    def paid_through(s: SubscriptionFacts, day: date) -> bool:
        return s.paid_through_date is not None and s.paid_through_date >= day

    settled = any(s.state in (S.ACTIVE, S.CANCELLED) and paid_through(s, TODAY) for s in subs)
    trial = any(
        s.state is S.ACTIVE
        and s.trial_duration > 0
        and not s.has_transactions
        and s.next_billing_date is not None
        and s.next_billing_date >= TODAY
        for s in subs
    )

    def due(s: SubscriptionFacts) -> bool:
        billing = s.next_billing_date
        return billing is not None and 0 <= (TODAY - billing).days <= CHARGE_GRACE_DAYS

    renewal_due = any(s.state is S.ACTIVE and due(s) for s in subs)
    # a resumed membership's first charge, due, right after a paid period
    successor_due = any(
        p.state is S.PENDING
        and due(p)
        and any(
            s.state is S.CANCELLED
            and s.paid_through_date is not None
            and p.next_billing_date == s.paid_through_date + timedelta(days=1)
            for s in subs
        )
        for p in subs
    )
    return settled or trial or renewal_due or successor_due


def test_no_member_like_status_without_a_payment_covering_today() -> None:
    variants = _variants()
    unpaid_members = []
    for first, second in product(variants, repeat=2):
        subs = [first, second]
        for flags in FLAGS:
            status = resolve_status(subs, today=TODAY, **flags)
            if is_member(status) and not _paid_for_today(subs):
                unpaid_members.append((subs, flags, status))
    assert unpaid_members == []


def test_a_far_future_subscription_never_entitles_nor_its_cancellation() -> None:
    pending = SubscriptionFacts(state=S.PENDING, plan_id="annual", next_billing_date=FAR)
    cancelled = SubscriptionFacts(
        state=S.CANCELLED, plan_id="annual", next_billing_date=FAR, ends=FAR
    )
    for flags in FLAGS:
        assert not is_member(resolve_status([pending], today=TODAY, **flags))
        assert str(resolve_status([cancelled], today=TODAY, **flags)) == "Canceled"
