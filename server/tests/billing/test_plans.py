"""The plan catalogue's pure parts (spec sections 3 and 9), as tables of cases."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from masthead.billing.catalog.plans import (
    DEFAULT_PRODUCT_ID,
    INTERVAL_NAMES,
    METERED_PLAN_IDS,
    Plan,
    PlanError,
    StepUpPricing,
    discount_percent,
    format_usd,
    is_metered,
    monthly_price,
    plan_from_raw,
    price_on,
)
from masthead.identity.models import HOME_DELIVERY_PRODUCT_ID

D = Decimal
RAW: dict[str, Any] = {"id": "sports-monthly", "name": "Monthly", "amount": "4.99"}


def plan(amount: str = "4.99", normal: str | None = None, **fields: Any) -> Plan:
    return Plan(
        planId=fields.pop("planId", "p"),
        planName=fields.pop("planName", "P"),
        amount=D(amount),
        normalAmount=D(normal if normal is not None else amount),
        **fields,
    )


def test_constants() -> None:
    assert INTERVAL_NAMES == {1: "Monthly", 6: "Biannually", 12: "Annually"}
    assert {
        "sports-metered-plan",
        "sports-step-up-plan",
        "sports-plus-metered-plan",
    } == METERED_PLAN_IDS
    assert DEFAULT_PRODUCT_ID == "sports-membership"
    assert HOME_DELIVERY_PRODUCT_ID == "hd-sports-membership"


def test_minimal_raw_plan_takes_the_defaults() -> None:
    parsed = plan_from_raw(RAW)
    assert parsed == Plan(
        planId="sports-monthly",
        planName="Monthly",
        amount=D("4.99"),
        normalAmount=D("4.99"),
        productId="sports-membership",
        billingInterval=1,
        cardHeading="Flexible Monthly",
        featured=False,
        firstBillingDate=None,
        nextBillingDate=None,
        stepUpPricing=None,
        trialDuration=0,
        trialDurationUnit="day",
        curation="",
    )
    assert parsed.hasTrial is False
    assert parsed.intervalName == "Monthly"


def test_full_raw_plan() -> None:
    parsed = plan_from_raw(
        {
            "id": "sports-annual",
            "name": "Annual",
            "product_id": "sports-plus",
            "frequency": "12",
            "amount": "1,299.99",
            "normal_amount": 1499.5,
            "first_billing_date": "2026-12-01",
            "next_billing_date": {"date": "2027-12-01 00:00:00.000000", "timezone": "UTC"},
            "step_up": {"amount": "1,599.00", "date": "2027-06-01"},
            "trial_duration": 7,
            "trial_duration_unit": "Month",
            "featured": "true",
            "card_heading": "Best of the year",
            "curation": "All the games.",
        }
    )
    assert parsed.planId == "sports-annual"
    assert parsed.productId == "sports-plus"
    assert parsed.billingInterval == 12
    assert parsed.amount == D("1299.99")
    assert parsed.normalAmount == D("1499.5")
    assert parsed.firstBillingDate == date(2026, 12, 1)
    assert parsed.nextBillingDate == date(2027, 12, 1)
    assert parsed.stepUpPricing == StepUpPricing(D("1599.00"), date(2027, 6, 1))
    assert (parsed.trialDuration, parsed.trialDurationUnit, parsed.hasTrial) == (7, "month", True)
    assert parsed.featured is True
    assert parsed.cardHeading == "Best of the year"
    assert parsed.curation == "All the games."


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("4.99", D("4.99")),
        ("1,299.99", D("1299.99")),
        ("1,000,000", D("1000000")),
        (" 5 ", D("5")),
        (5, D("5")),
        (4.99, D("4.99")),
        (0, D("0")),
        ("-0", D("0")),
        (D("12.50"), D("12.50")),
    ],
)
def test_amounts_are_decimal_after_removing_commas(value: Any, expected: Decimal) -> None:
    parsed = plan_from_raw({**RAW, "amount": value})
    assert parsed.amount == expected
    assert isinstance(parsed.amount, Decimal)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2026-12-01", date(2026, 12, 1)),
        ("2026-12-01 00:00:00.000000", date(2026, 12, 1)),
        ("2026-12-01T23:30:00-05:00", date(2026, 12, 2)),  # the UTC day
        ("2026-12-01T10:00:00Z", date(2026, 12, 1)),
        ({"date": "2026-12-01 00:00:00.000000", "timezone_type": 3, "timezone": "UTC"},
         date(2026, 12, 1)),
        (date(2026, 12, 1), date(2026, 12, 1)),
        (None, None),
        ("", None),
    ],
)  # fmt: skip
def test_billing_dates(value: Any, expected: date | None) -> None:
    assert plan_from_raw({**RAW, "first_billing_date": value}).firstBillingDate == expected


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"id": None}, "id"),
        ({"id": ""}, "id"),
        ({"id": 12}, "id"),
        ({"name": None}, "name"),
        ({"name": "   "}, "name"),
        ({"amount": None}, "amount"),
        ({"amount": ""}, "amount"),
        ({"amount": "abc"}, "amount"),
        ({"amount": "$4.99"}, "amount"),
        ({"amount": "-1"}, "amount"),
        ({"amount": "4.999"}, "amount"),
        ({"amount": "NaN"}, "amount"),
        ({"amount": "Infinity"}, "amount"),
        ({"amount": float("inf")}, "amount"),
        ({"amount": "1e40"}, "amount"),
        ({"amount": True}, "amount"),
        ({"amount": [4.99]}, "amount"),
        ({"normal_amount": "x"}, "normal_amount"),
        ({"product_id": 3}, "product_id"),
        ({"frequency": 3}, "frequency"),
        ({"frequency": "monthly"}, "frequency"),
        ({"frequency": True}, "frequency"),
        ({"frequency": 0}, "frequency"),
        ({"trial_duration": -1}, "trial_duration"),
        ({"trial_duration": "seven"}, "trial_duration"),
        ({"trial_duration_unit": "week"}, "trial_duration_unit"),
        ({"first_billing_date": "tomorrow"}, "first_billing_date"),
        ({"next_billing_date": {"date": "2026-13-01"}}, "next_billing_date"),
        ({"next_billing_date": 20261201}, "next_billing_date"),
        ({"step_up": "5.99"}, "step_up"),
        ({"step_up": {"amount": "5.99"}}, "step_up"),
        ({"step_up": {"amount": "x", "date": "2027-01-01"}}, "step_up"),
        ({"featured": "maybe"}, "featured"),
        ({"card_heading": 1}, "card_heading"),
    ],
)
def test_invalid_plan_names_the_field(change: dict[str, Any], field: str) -> None:
    with pytest.raises(PlanError, match=f"^The {field} field is invalid.$"):
        plan_from_raw({**RAW, **change})


def test_a_plan_must_be_an_object() -> None:
    with pytest.raises(ValueError, match="object"):
        plan_from_raw(["id"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "attribute", "expected"),
    [
        ({"frequency": 6}, "billingInterval", 6),
        ({"frequency": "6"}, "billingInterval", 6),
        ({"frequency": 12.0}, "billingInterval", 12),
        ({"frequency": None}, "billingInterval", 1),
        ({"frequency": 6}, "cardHeading", "Flexible Biannually"),
        ({"frequency": 12}, "cardHeading", "Flexible Annually"),
        ({"card_heading": ""}, "cardHeading", "Flexible Monthly"),
        ({"product_id": ""}, "productId", "sports-membership"),
        ({"normal_amount": ""}, "normalAmount", D("4.99")),
        ({"normal_amount": "5.99"}, "normalAmount", D("5.99")),
        ({"trial_duration": "14"}, "trialDuration", 14),
        ({"trial_duration": None}, "trialDuration", 0),
        ({"trial_duration_unit": None}, "trialDurationUnit", "day"),
        ({"trial_duration_unit": "DAY"}, "trialDurationUnit", "day"),
        ({"featured": True}, "featured", True),
        ({"featured": 1}, "featured", True),
        ({"featured": "0"}, "featured", False),
        ({"featured": None}, "featured", False),
        ({"step_up": None}, "stepUpPricing", None),
        ({"step_up": {}}, "stepUpPricing", None),
        ({"step_up": []}, "stepUpPricing", None),
    ],
)
def test_raw_field_values(change: dict[str, Any], attribute: str, expected: Any) -> None:
    assert getattr(plan_from_raw({**RAW, **change}), attribute) == expected


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"planId": ""}, "planId"),
        ({"billingInterval": 3}, "billingInterval"),
        ({"trialDuration": -1}, "trialDuration"),
        ({"trialDurationUnit": "week"}, "trialDurationUnit"),
    ],
)
def test_plan_checks_itself(fields: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name):
        plan(**fields)


@pytest.mark.parametrize("amount", [Decimal("-1"), Decimal("NaN"), 4.99])
def test_plan_money_is_a_decimal(amount: Any) -> None:
    with pytest.raises(ValueError, match="amount"):
        Plan(planId="p", planName="P", amount=amount, normalAmount=Decimal(5))


@pytest.mark.parametrize(
    ("amount", "interval", "expected"),
    [
        ("4.99", 1, D("4.99")),
        ("29.94", 6, D("4.99")),
        ("49.99", 12, D("4.17")),  # 4.1658 -> 4.17
        ("30.03", 6, D("5.01")),  # 5.005 rounds half up
        ("0", 12, D("0.00")),
        ("1299.99", 12, D("108.33")),
    ],
)
def test_monthly_price(amount: str, interval: int, expected: Decimal) -> None:
    assert monthly_price(plan(amount, billingInterval=interval)) == expected


@pytest.mark.parametrize(
    ("amount", "normal", "expected"),
    [
        ("4.99", "4.99", 0),
        ("4.99", "9.98", 50),
        ("49.99", "59.88", 17),  # 16.52 -> 17
        ("3.00", "8.00", 63),  # 62.5 rounds half up
        ("1.00", "8.00", 88),  # 87.5 rounds half up
        ("0", "4.99", 100),
        ("5.99", "4.99", 0),  # above the regular price: no discount
        ("4.99", "0", 0),  # no regular price
    ],
)
def test_discount_percent(amount: str, normal: str, expected: int) -> None:
    assert discount_percent(plan(amount, normal)) == expected


STEP_UP = plan("1.00", stepUpPricing=StepUpPricing(D("4.99"), date(2027, 1, 1)))


@pytest.mark.parametrize(
    ("subject", "day", "expected"),
    [
        (STEP_UP, date(2026, 12, 31), D("1.00")),
        (STEP_UP, date(2027, 1, 1), D("4.99")),
        (STEP_UP, date(2027, 6, 1), D("4.99")),
        (plan("4.99"), date(2099, 1, 1), D("4.99")),
    ],
)
def test_step_up_price(subject: Plan, day: date, expected: Decimal) -> None:
    assert price_on(subject, day) == expected


@pytest.mark.parametrize(
    ("plan_id", "metered"),
    [("sports-metered-plan", True), ("sports-step-up-plan", True), ("sports-monthly", False)],
)
def test_metered(plan_id: str, metered: bool) -> None:
    assert is_metered(plan(planId=plan_id)) is metered


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (D("4.99"), "$4.99"),
        (D("5"), "$5"),
        (D("5.00"), "$5"),
        (D("0.5"), "$0.50"),
        (D("0"), "$0"),
        (D("1299.99"), "$1,299.99"),
        (D("1000"), "$1,000"),
        (D("4.995"), "$5"),  # rounded half up to cents first
        (D("4.994"), "$4.99"),
    ],
)
def test_format_usd(value: Decimal, text: str) -> None:
    assert format_usd(value) == text


@pytest.mark.parametrize("value", [D("-1"), D("NaN"), D("Infinity"), 4.99])
def test_format_usd_refuses(value: Any) -> None:
    with pytest.raises(ValueError, match="price"):
        format_usd(value)


@pytest.mark.parametrize(
    ("amount", "day"),
    [(D("-1"), date(2027, 1, 1)), (4.99, date(2027, 1, 1)), (D("4.99"), "2027-01-01")],
)
def test_step_up_checks_itself(amount: Any, day: Any) -> None:
    with pytest.raises(ValueError, match="stepUpPricing"):
        StepUpPricing(amount, day)
