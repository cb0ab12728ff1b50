"""Account status resolution (spec section 4), as tables of cases."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone
from typing import Any

import pytest

from masthead.billing.memberships.status import (
    CANCELLED,
    MEMBER_LIKE,
    PAUSED,
    AccountStatus,
    SubscriptionFacts,
    SubscriptionState,
    has_trial,
    is_member,
    is_new,
    normalise_state,
    resolve_status,
    should_auto_unpause,
    sort_subscriptions,
)

TODAY = date(2026, 11, 22)
PAST = TODAY - timedelta(days=10)
FUTURE = TODAY + timedelta(days=10)
S = SubscriptionState
A = AccountStatus


def sub(state: SubscriptionState, plan: str = "monthly", **facts: Any) -> SubscriptionFacts:
    return SubscriptionFacts(state=state, plan_id=plan, **facts)


ACTIVE = sub(S.ACTIVE, paid_through_date=FUTURE, has_transactions=True)
PENDING = sub(S.PENDING, "annual", next_billing_date=FUTURE)
PAST_DUE = sub(S.PAST_DUE, paid_through_date=PAST, has_transactions=True)
CANCELLED_PAID = sub(S.CANCELLED, paid_through_date=FUTURE, has_transactions=True)
CANCELLED_OVER = sub(S.CANCELLED, paid_through_date=PAST, has_transactions=True)
CANCELLED_TODAY = sub(S.CANCELLED, paid_through_date=TODAY, has_transactions=True)
YESTERDAY = TODAY - timedelta(days=1)
CANCELLED_YESTERDAY = sub(S.CANCELLED, paid_through_date=YESTERDAY, has_transactions=True)
CANCELLED_ENDING = sub(S.CANCELLED, next_billing_date=FUTURE, ends=FUTURE)
CANCELLED_NO_END = sub(S.CANCELLED, next_billing_date=FUTURE)
CANCELLED_BILLING_PAST = sub(S.CANCELLED, next_billing_date=PAST, ends=FUTURE)
EXPIRED_PAID = sub(S.EXPIRED, paid_through_date=FUTURE, next_billing_date=FUTURE, ends=FUTURE)

# An active copy: renewing today (charge due, not yet taken), lapsed, in a trial the gateway
# reports without a paid-through date, and one with no dates at all.
ACTIVE_DUE_TODAY = sub(
    S.ACTIVE, paid_through_date=YESTERDAY, next_billing_date=TODAY, has_transactions=True
)
ACTIVE_DUE_YESTERDAY = sub(
    S.ACTIVE,
    paid_through_date=TODAY - timedelta(days=2),
    next_billing_date=YESTERDAY,
    has_transactions=True,
)
ACTIVE_OVERDUE = sub(
    S.ACTIVE,
    paid_through_date=TODAY - timedelta(days=3),
    next_billing_date=TODAY - timedelta(days=2),
    has_transactions=True,
)
ACTIVE_LAPSED = sub(
    S.ACTIVE,
    paid_through_date=PAST,
    next_billing_date=PAST + timedelta(days=1),
    has_transactions=True,
)
ACTIVE_TRIAL = sub(S.ACTIVE, trial_duration=7, next_billing_date=FUTURE)
ACTIVE_TRIAL_CHARGED = sub(
    S.ACTIVE, trial_duration=7, next_billing_date=FUTURE, has_transactions=True
)
ACTIVE_UNDATED = sub(S.ACTIVE)
# Scheduled for a first charge far ahead, never charged (the subscribe start_date attack).
PENDING_FAR = sub(S.PENDING, "annual", next_billing_date=date(2099, 12, 31))
# The same, cancelled before its first charge: the gateway still lists its next billing date.
CANCELLED_UNPAID = sub(
    S.CANCELLED, "annual", next_billing_date=date(2099, 12, 31), ends=date(2099, 12, 31)
)

PAUSE_ON: dict[str, Any] = {"pause_feature_enabled": True}
PAUSED_PROFILE: dict[str, Any] = {"pause_feature_enabled": True, "profile_paused": True}


@pytest.mark.parametrize(
    ("subs", "flags", "expected"),
    [
        # 1. no subscriptions
        ([], {}, A.NONE),
        ([], PAUSED_PROFILE, A.NONE),
        # 2. active wins over everything else
        ([ACTIVE], {}, A.ACTIVE),
        ([CANCELLED_OVER, PAST_DUE, PENDING, ACTIVE], {}, A.ACTIVE),
        ([ACTIVE, CANCELLED_PAID], {}, A.ACTIVE),
        ([ACTIVE], PAUSED_PROFILE, A.ACTIVE_PAUSED),
        ([ACTIVE], {"profile_paused": True}, A.ACTIVE),  # pause flag off: not paused
        ([ACTIVE], PAUSE_ON, A.ACTIVE),
        # 2'. only an active subscription in good standing wins (money, never a date)
        ([sub(S.ACTIVE, paid_through_date=TODAY)], {}, A.ACTIVE),  # its last paid day
        ([ACTIVE_DUE_TODAY], {}, A.ACTIVE),  # renewal day: the gateway charges it today
        ([ACTIVE_DUE_TODAY], PAUSED_PROFILE, A.ACTIVE_PAUSED),
        ([ACTIVE_DUE_YESTERDAY], {}, A.ACTIVE),  # the gateway's billing run, its webhook
        ([ACTIVE_OVERDUE], {}, A.PAST_DUE),  # not charged in time: as past due
        ([ACTIVE_TRIAL], {}, A.ACTIVE),
        ([sub(S.ACTIVE, trial_duration=7, next_billing_date=PAST)], {}, A.PAST_DUE),
        ([ACTIVE_TRIAL_CHARGED], {}, A.PAST_DUE),  # charged: its paid-through date decides
        ([ACTIVE_LAPSED], {}, A.PAST_DUE),  # its paid period is over: as past due
        ([ACTIVE_LAPSED], PAUSED_PROFILE, A.PAST_DUE),
        ([ACTIVE_UNDATED], {}, A.PAST_DUE),
        ([ACTIVE_LAPSED, PENDING, CANCELLED_PAID], {}, A.ACTIVE_PENDING),
        # 3. pending
        ([PENDING], {}, A.PENDING),
        ([PENDING, CANCELLED_PAID], {}, A.ACTIVE_PENDING),
        ([CANCELLED_PAID, PENDING], PAUSE_ON, A.ACTIVE_PENDING),
        ([PENDING, CANCELLED_OVER], {}, A.PENDING),
        ([PENDING, CANCELLED_TODAY], {}, A.PENDING),  # paid through today is not the future
        ([PENDING, CANCELLED_TODAY], PAUSED_PROFILE, A.ACTIVE_PAUSED),  # paused, last paid day
        ([PENDING, CANCELLED_YESTERDAY], PAUSED_PROFILE, A.PAUSED),
        ([PENDING, CANCELLED_ENDING], {}, A.PENDING),  # rule 3 needs a paid-through date
        ([PENDING, EXPIRED_PAID], {}, A.PENDING),  # expired is never paid ahead
        ([PENDING], PAUSED_PROFILE, A.PAUSED),
        ([PENDING, CANCELLED_PAID], PAUSED_PROFILE, A.ACTIVE_PAUSED),
        ([PENDING, CANCELLED_OVER], PAUSED_PROFILE, A.PAUSED),
        ([PENDING], {"profile_paused": True}, A.PENDING),  # pause flag off
        ([PENDING], {**PAUSED_PROFILE, "current_plan": "annual"}, A.PAUSED),  # pause first
        # 3c: the same plan reads Active only continuing a paid membership (a resume)
        ([PENDING], {**PAUSE_ON, "current_plan": "annual"}, A.PENDING),
        ([PENDING, CANCELLED_TODAY], {**PAUSE_ON, "current_plan": "annual"}, A.ACTIVE),
        ([PENDING, CANCELLED_TODAY], {**PAUSE_ON, "current_plan": "monthly"}, A.PENDING),
        ([PENDING, CANCELLED_TODAY], {"current_plan": "annual"}, A.PENDING),  # flag off
        ([PENDING, CANCELLED_OVER], {**PAUSE_ON, "current_plan": "annual"}, A.PENDING),
        ([PENDING, EXPIRED_PAID], {**PAUSE_ON, "current_plan": "annual"}, A.PENDING),
        # ... on its first billing date, while that charge is due, after a paid predecessor
        (
            [sub(S.PENDING, "annual", next_billing_date=TODAY), CANCELLED_YESTERDAY],
            {**PAUSE_ON, "current_plan": "annual"},
            A.ACTIVE,
        ),
        ([PENDING, CANCELLED_YESTERDAY], {**PAUSE_ON, "current_plan": "annual"}, A.PENDING),
        (
            [
                sub(S.PENDING, "annual", next_billing_date=YESTERDAY),
                sub(S.CANCELLED, paid_through_date=TODAY - timedelta(days=2)),
            ],
            {**PAUSE_ON, "current_plan": "annual"},
            A.ACTIVE,
        ),
        (  # a gap between the paid period and the first charge: not a continuation
            [
                sub(S.PENDING, "annual", next_billing_date=TODAY),
                sub(S.CANCELLED, paid_through_date=TODAY - timedelta(days=2)),
            ],
            {**PAUSE_ON, "current_plan": "annual"},
            A.PENDING,
        ),
        (
            [sub(S.PENDING, "annual", next_billing_date=TODAY), CANCELLED_OVER],
            {**PAUSE_ON, "current_plan": "annual"},
            A.PENDING,
        ),
        ([PENDING], {**PAUSE_ON, "current_plan": "monthly"}, A.PENDING),
        ([PENDING], {"current_plan": "annual"}, A.PENDING),  # same plan, flag off
        ([PENDING], {**PAUSE_ON, "current_plan": None}, A.PENDING),
        ([PENDING], {**PAUSE_ON, "current_plan": ""}, A.PENDING),
        ([PENDING, CANCELLED_PAID], {**PAUSE_ON, "current_plan": "annual"}, A.ACTIVE_PENDING),
        (
            [sub(S.PENDING, "monthly"), PENDING, CANCELLED_TODAY],
            {**PAUSE_ON, "current_plan": "annual"},
            A.ACTIVE,
        ),
        ([PENDING_FAR], {**PAUSE_ON, "current_plan": "annual"}, A.PENDING),
        ([PENDING, PAST_DUE], {}, A.PENDING),  # pending before past due
        # 4. past due
        ([PAST_DUE], {}, A.PAST_DUE),
        ([PAST_DUE, CANCELLED_PAID], {}, A.PAST_DUE),  # past due before cancelled
        ([PAST_DUE], PAUSED_PROFILE, A.PAST_DUE),
        # 5. cancelled but still paid
        ([CANCELLED_PAID], {}, A.CANCELLED_ACTIVE),
        ([CANCELLED_ENDING], {}, A.CANCELED),  # a next billing date is not a payment
        ([CANCELLED_UNPAID], {}, A.CANCELED),
        ([CANCELLED_UNPAID], {**PAUSE_ON, "current_plan": "annual"}, A.CANCELED),
        ([CANCELLED_OVER, CANCELLED_PAID], {}, A.CANCELLED_ACTIVE),
        ([CANCELLED_PAID], PAUSED_PROFILE, A.CANCELLED_ACTIVE),
        # 6. cancelled
        ([CANCELLED_OVER], {}, A.CANCELED),
        ([CANCELLED_TODAY], {}, A.CANCELED),
        ([CANCELLED_NO_END], {}, A.CANCELED),  # future billing but no end
        ([CANCELLED_BILLING_PAST], {}, A.CANCELED),
        ([EXPIRED_PAID], {}, A.CANCELED),
        ([sub(S.CANCELLED)], {}, A.CANCELED),
    ],
)
def test_resolution_order(
    subs: list[SubscriptionFacts], flags: dict[str, Any], expected: AccountStatus
) -> None:
    assert resolve_status(subs, today=TODAY, **flags) == expected


def test_status_strings_are_exact() -> None:
    assert [s.value for s in AccountStatus] == [
        "None",
        "Active",
        "Active_Pending",
        "Cancelled_Active",
        "Canceled",
        "Past Due",
        "Paused",
        "Active_Paused",
        "Pending",
    ]
    assert {"Active", "Cancelled_Active", "Active_Pending", "Active_Paused"} == MEMBER_LIKE
    assert {"Paused", "Active_Paused"} == PAUSED
    assert {"Cancelled_Active", "Canceled"} == CANCELLED


@pytest.mark.parametrize(
    ("today", "expected"),
    [
        (date(2026, 11, 21), A.CANCELLED_ACTIVE),
        (datetime(2026, 11, 21, 23, 59, tzinfo=UTC), A.CANCELLED_ACTIVE),
        # 20:30 on the 21st in New York is already the 22nd in UTC
        (datetime(2026, 11, 21, 20, 30, tzinfo=timezone(timedelta(hours=-5))), A.CANCELED),
        (date(2026, 11, 22), A.CANCELED),
    ],
)
def test_today_is_a_utc_day(today: date, expected: AccountStatus) -> None:
    paid_through_22nd = sub(S.CANCELLED, paid_through_date=date(2026, 11, 22))
    assert resolve_status([paid_through_22nd], today=today) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("active", S.ACTIVE),
        ("Active", S.ACTIVE),
        ("Pending", S.PENDING),
        ("cancelled", S.CANCELLED),
        ("Canceled", S.CANCELLED),
        ("past due", S.PAST_DUE),
        ("Past Due", S.PAST_DUE),
        (" past_due ", S.PAST_DUE),
        ("Expired", S.EXPIRED),
    ],
)
def test_states_from_server_and_braintree(raw: str, expected: SubscriptionState) -> None:
    assert normalise_state(raw) is expected
    assert sub(raw).state is expected  # type: ignore[arg-type]


@pytest.mark.parametrize("raw", ["", "paused", "activ", "unknown"])
def test_unknown_state_is_refused(raw: str) -> None:
    with pytest.raises(ValueError, match="subscription-state"):
        normalise_state(raw)


@pytest.mark.parametrize(
    ("status", "products", "expected"),
    [
        (A.ACTIVE, [], True),
        (A.CANCELLED_ACTIVE, [], True),
        (A.ACTIVE_PENDING, [], True),
        (A.ACTIVE_PAUSED, [], True),
        ("Active", (), True),
        (A.PAUSED, [], False),
        (A.PENDING, [], False),
        (A.PAST_DUE, [], False),
        (A.CANCELED, [], False),
        (A.NONE, [], False),
        (A.NONE, ["hd-sports-membership"], True),
        (A.CANCELED, ["sports-membership", "hd-sports-membership"], True),
        (A.NONE, ["sports-membership"], False),
    ],
)
def test_member_for_guards(status: str, products: list[str], expected: bool) -> None:
    assert is_member(status, products) is expected


@pytest.mark.parametrize(
    ("facts", "new"),
    [
        (sub(S.PENDING), True),
        (sub(S.ACTIVE, next_billing_date=FUTURE), True),
        (sub(S.ACTIVE, has_transactions=True), False),
        (sub(S.ACTIVE, paid_through_date=FUTURE), False),
        (sub(S.ACTIVE, paid_through_date=FUTURE, has_transactions=True), False),
    ],
)
def test_new_subscription(facts: SubscriptionFacts, new: bool) -> None:
    assert is_new(facts) is new


@pytest.mark.parametrize(("days", "trial"), [(0, False), (1, True), (30, True)])
def test_trial(days: int, trial: bool) -> None:
    assert has_trial(sub(S.ACTIVE, trial_duration=days)) is trial


def test_negative_trial_is_refused() -> None:
    with pytest.raises(ValueError, match="trial_duration"):
        sub(S.ACTIVE, trial_duration=-1)


def test_datetimes_become_utc_days() -> None:
    facts = sub(S.CANCELLED, paid_through_date=datetime(2026, 11, 22, 23, 0, tzinfo=UTC))
    assert facts.paid_through_date == date(2026, 11, 22)
    assert type(facts.paid_through_date) is date


def test_sorting_newest_first_by_ends_then_paid_through_then_next_billing() -> None:
    a = sub(S.CANCELLED, "a", ends=date(2026, 1, 1), paid_through_date=date(2027, 1, 1))
    b = sub(S.ACTIVE, "b", paid_through_date=date(2026, 6, 1), next_billing_date=date(2026, 6, 2))
    c = sub(S.PENDING, "c", next_billing_date=date(2026, 12, 1))
    d = sub(S.PENDING, "d")
    e = sub(S.CANCELLED, "e", ends=date(2026, 6, 1))
    ordered = sort_subscriptions([d, a, b, c, e])
    # a sorts by its end (Jan), not its later paid-through date; b and e tie and keep input order
    assert [s.plan_id for s in ordered] == ["c", "b", "e", "a", "d"]


@pytest.mark.parametrize(
    ("profile_paused", "status", "pausing_enabled", "unpause"),
    [
        (True, A.ACTIVE, True, True),
        (True, A.CANCELED, True, True),
        (True, A.NONE, True, True),
        (True, A.PAUSED, True, False),
        (True, A.ACTIVE_PAUSED, True, False),
        (True, A.ACTIVE, False, False),
        (False, A.ACTIVE, True, False),
        (False, A.PAUSED, True, False),
    ],
)
def test_auto_unpause(
    profile_paused: bool, status: AccountStatus, pausing_enabled: bool, unpause: bool
) -> None:
    assert should_auto_unpause(profile_paused, status, pausing_enabled) is unpause


def test_a_resolved_pause_is_not_undone() -> None:
    status = resolve_status([PENDING, CANCELLED_PAID], today=TODAY, **PAUSED_PROFILE)
    assert not should_auto_unpause(True, status, True)
