"""Membership texts (spec sections 8 and 9), as tables of cases."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from masthead.billing.catalog.cta import (
    FEATURED_BADGE,
    INACTIVE_MESSAGE,
    PAST_DUE_MESSAGE,
    PAYMENT_TEXT,
    TRIAL_CTA,
    badge,
    card_message,
    cta_text,
    curation_text,
    pause_text,
    status_message,
)
from masthead.billing.catalog.plans import Plan
from masthead.billing.memberships.status import AccountStatus


def plan(
    amount: str = "4.99",
    interval: int = 1,
    trial: int = 0,
    plan_id: str = "sports-monthly",
    **fields: Any,
) -> Plan:
    return Plan(
        planId=plan_id,
        planName="Plan",
        amount=Decimal(amount),
        normalAmount=Decimal(amount),
        billingInterval=interval,
        trialDuration=trial,
        **fields,
    )


@pytest.mark.parametrize(
    ("subject", "text"),
    [
        (plan("4.99", 1), "Get 4 Weeks for $4.99"),
        (plan("1", 1), "Get 4 Weeks for $1"),
        (plan("49.99", 12), "Get 1 Year for $49.99"),
        (plan("1299.99", 12), "Get 1 Year for $1,299.99"),
        (plan("29.94", 6), "Get 6 Months for $29.94"),
        (plan("30.00", 6), "Get 6 Months for $30"),
        (plan("4.99", 1, trial=7), "Try for free"),
        (plan("49.99", 12, trial=1, trialDurationUnit="month"), "Try for free"),
        (plan("29.94", 6, trial=14), "Try for free"),
    ],
)
def test_call_to_action(subject: Plan, text: str) -> None:
    assert cta_text(subject) == text


def test_trial_text_is_the_spec_s() -> None:
    assert TRIAL_CTA == "Try for free"
    assert FEATURED_BADGE == "Best Value!"


@pytest.mark.parametrize(("featured", "expected"), [(True, "Best Value!"), (False, None)])
def test_featured_badge(featured: bool, expected: str | None) -> None:
    assert badge(plan(featured=featured)) == expected


CURATION = {
    "default": "Every game, every story.",
    "defaultTrial": "Start with a free week.",
    "sports-annual": "A whole season of coverage.",
}


@pytest.mark.parametrize(
    ("subject", "curation", "expected"),
    [
        (plan(plan_id="sports-annual", interval=12), CURATION, "A whole season of coverage."),
        (plan(plan_id="sports-annual", trial=7), CURATION, "A whole season of coverage."),
        (plan(trial=7), CURATION, "Start with a free week."),
        (plan(), CURATION, "Every game, every story."),
        (plan(curation="Own text."), CURATION, "Own text."),
        (plan(plan_id="sports-annual", curation="Own."), CURATION, "A whole season of coverage."),
        (plan(trial=7, curation="Own text."), CURATION, "Own text."),
        (plan(trial=7), {"default": "Plain."}, "Plain."),
        (plan(), {"defaultTrial": "Trial only."}, ""),
        (plan(), {}, ""),
        (plan(), None, ""),
        (plan(), "not a mapping", ""),
        (plan(), {"sports-monthly": "  ", "default": "Fallback."}, "Fallback."),
        (plan(), {"sports-monthly": 12, "default": "Fallback."}, "Fallback."),
        (plan(), {"default": " Trimmed. "}, "Trimmed."),
    ],
)
def test_curation_text(subject: Plan, curation: Any, expected: str) -> None:
    assert curation_text(subject, curation) == expected


def test_payment_text() -> None:
    assert PAYMENT_TEXT == (
        "All charges are non-refundable. We will notify you by email before any price increase."
    )


@pytest.mark.parametrize(
    ("months", "price", "text"),
    [
        (
            1,
            Decimal("4.99"),
            "Your membership will be paused for 1 month. It then resumes at $4.99 per month.",
        ),
        (
            3,
            Decimal("4.17"),
            "Your membership will be paused for 3 months. It then resumes at $4.17 per month.",
        ),
        (
            2,
            Decimal("5"),
            "Your membership will be paused for 2 months. It then resumes at $5 per month.",
        ),
    ],
)
def test_pause_text(months: int, price: Decimal, text: str) -> None:
    assert pause_text(months, price) == text


@pytest.mark.parametrize("months", [0, -1, True, 1.5])
def test_pause_text_needs_a_whole_number_of_months(months: Any) -> None:
    with pytest.raises(ValueError, match="at least 1 month"):
        pause_text(months, Decimal("4.99"))


@pytest.mark.parametrize(
    ("status", "message"),
    [
        (AccountStatus.PAST_DUE, PAST_DUE_MESSAGE),
        ("Past Due", PAST_DUE_MESSAGE),
        (AccountStatus.CANCELED, INACTIVE_MESSAGE),
        *[
            (status, None)
            for status in AccountStatus
            if status not in {AccountStatus.PAST_DUE, AccountStatus.CANCELED}
        ],
    ],
)
def test_status_message(status: str, message: str | None) -> None:
    assert status_message(status) == message


def test_status_messages_are_the_catalogue_s() -> None:
    assert PAST_DUE_MESSAGE == (
        "Your membership billing is past due. Please update your payment method to continue."
    )
    assert INACTIVE_MESSAGE == "Your account is inactive. Please update your payment method."


@pytest.mark.parametrize(
    ("expired", "text"),
    [
        (False, "Your credit card is about to expire. Please update your Visa ending in 1111."),
        (True, "Your credit card has expired. Please update your Visa ending in 1111."),
    ],
)
def test_card_message(expired: bool, text: str) -> None:
    assert card_message("Visa", "1111", expired=expired) == text
