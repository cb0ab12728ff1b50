"""The plan catalogue's pure parts: the Plan shape, parsing raw plan data, prices (no I/O).

Field names of Plan are the spec's client names (planId, normalAmount, ...), because they are
the wire contract. Money is Decimal, never float.

Decisions where the spec is silent:
- Raw data is treated as unknown. `plan_from_raw` raises PlanError (a ValueError) whose
  message names the raw field: 'The amount field is invalid.', the catalogue's own wording.
- id, name and amount are required. A missing or empty normal_amount means the regular price
  is the amount (no discount); a missing product_id is DEFAULT_PRODUCT_ID; a missing
  frequency is 1; a missing trial_duration is 0 and trial_duration_unit 'day'.
- Amounts are numbers, numeric strings with thousands commas ("1,299.99") or JSON floats (read
  through their shortest text, so 4.99 stays Decimal("4.99")); they must be finite, not
  negative and have at most 2 decimal places. Booleans are not numbers here.
- Dates are ISO dates, ISO date-times (converted to UTC, naive ones taken as UTC) or the
  server's {"date": ..., "timezone": "UTC"} objects; the plan keeps the UTC calendar date.
- step_up is {"amount": ..., "date": ...}; an empty value means no step-up pricing.
- normalAmount and amount are prices for the same billing interval, so the discount compares
  them directly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any, Literal

DEFAULT_PRODUCT_ID = "sports-membership"
METERED_PLAN_IDS = frozenset(
    {"sports-metered-plan", "sports-step-up-plan", "sports-plus-metered-plan"}
)
INTERVAL_NAMES = {1: "Monthly", 6: "Biannually", 12: "Annually"}
TRIAL_DURATION_UNITS = ("day", "month")

CENT = Decimal("0.01")
TrialDurationUnit = Literal["day", "month"]


class PlanError(ValueError):
    """Raw plan data that cannot be a plan; the message names the field."""


def _invalid(name: str) -> PlanError:
    return PlanError(f"The {name} field is invalid.")


@dataclass(frozen=True)
class StepUpPricing:
    """From `date` on (inclusive) the plan costs `amount`."""

    amount: Decimal
    date: date

    def __post_init__(self) -> None:
        if not isinstance(self.amount, Decimal) or not self.amount.is_finite() or self.amount < 0:
            raise _invalid("stepUpPricing")
        if not isinstance(self.date, date) or isinstance(self.date, datetime):
            raise _invalid("stepUpPricing")


@dataclass(frozen=True)
class Plan:
    planId: str
    planName: str
    amount: Decimal
    normalAmount: Decimal
    productId: str = DEFAULT_PRODUCT_ID
    billingInterval: int = 1
    cardHeading: str = ""  # empty: 'Flexible <interval name>', filled in on creation
    featured: bool = False
    firstBillingDate: date | None = None
    nextBillingDate: date | None = None
    stepUpPricing: StepUpPricing | None = None
    trialDuration: int = 0
    trialDurationUnit: TrialDurationUnit = "day"
    curation: str = ""

    def __post_init__(self) -> None:
        if not self.planId:
            raise _invalid("planId")
        if self.billingInterval not in INTERVAL_NAMES:
            raise _invalid("billingInterval")
        for name in ("amount", "normalAmount"):
            value = getattr(self, name)
            if not isinstance(value, Decimal) or not value.is_finite() or value < 0:
                raise _invalid(name)
        if isinstance(self.trialDuration, bool) or self.trialDuration < 0:
            raise _invalid("trialDuration")
        if self.trialDurationUnit not in TRIAL_DURATION_UNITS:
            raise _invalid("trialDurationUnit")
        if not self.cardHeading:
            object.__setattr__(self, "cardHeading", default_card_heading(self.billingInterval))

    @property
    def hasTrial(self) -> bool:
        return self.trialDuration > 0

    @property
    def intervalName(self) -> str:
        return INTERVAL_NAMES[self.billingInterval]


def default_card_heading(interval: int) -> str:
    return f"Flexible {INTERVAL_NAMES[interval]}"


def is_metered(plan: Plan) -> bool:
    return plan.planId in METERED_PLAN_IDS


def monthly_price(plan: Plan) -> Decimal:
    """The amount divided by the interval in months, rounded half up to cents."""
    return (plan.amount / plan.billingInterval).quantize(CENT, rounding=ROUND_HALF_UP)


def discount_percent(plan: Plan) -> int:
    """Whole percent the amount is below the regular price, rounded half up.

    0 when there is no discount (amount at or above the regular price) or no regular price.
    """
    normal, amount = plan.normalAmount, plan.amount
    if normal <= 0 or amount >= normal:
        return 0
    percent = (normal - amount) * 100 / normal
    return int(percent.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def price_on(plan: Plan, day: date) -> Decimal:
    """The price charged on `day`: the step-up amount from its date on, else the amount."""
    step_up = plan.stepUpPricing
    if step_up is not None and _as_day(day) >= step_up.date:
        return step_up.amount
    return plan.amount


def as_offered(plan: Plan, day: date) -> Plan:
    """The plan as a new subscriber gets it on `day`: from the step-up date on, its amount is
    the step-up amount (charged from the first charge, no notice needed)."""
    price = price_on(plan, day)
    return plan if price == plan.amount else replace(plan, amount=price)


def format_usd(value: Decimal) -> str:
    """US dollars for texts: cents unless the value is whole dollars.

    Rounded half up to cents first, with thousands commas: "$4.99", "$5", "$1,299.99",
    "$0.50". Negative or non-finite values are refused.
    """
    if not isinstance(value, Decimal) or not value.is_finite() or value < 0:
        raise ValueError(f"Cannot format {value!r} as a price.")
    cents = value.quantize(CENT, rounding=ROUND_HALF_UP)
    if cents == cents.to_integral_value():
        return f"${int(cents):,}"
    return f"${cents:,.2f}"


def parse_amount(value: Any, name: str = "amount") -> Decimal:
    """A money amount from raw data; commas are removed before parsing."""
    if isinstance(value, bool) or value is None:
        raise _invalid(name)
    if isinstance(value, Decimal):
        number = value
    elif isinstance(value, int | float):
        number = _decimal(repr(value), name)
    elif isinstance(value, str):
        number = _decimal(value.replace(",", "").strip(), name)
    else:
        raise _invalid(name)
    try:
        if not number.is_finite() or number < 0 or number != number.quantize(CENT):
            raise _invalid(name)
    except InvalidOperation:  # too many digits to hold in cents
        raise _invalid(name) from None
    return number + 0  # normalises -0 to 0


def _decimal(text: str, name: str) -> Decimal:
    if not text:
        raise _invalid(name)
    try:
        return Decimal(text)
    except InvalidOperation:
        raise _invalid(name) from None


def parse_day(value: Any, name: str) -> date:
    """A UTC calendar date from an ISO date, an ISO date-time or a {"date": ...} object."""
    if isinstance(value, Mapping):
        value = value.get("date")
    if isinstance(value, datetime):
        return _as_day(value)
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or not value.strip():
        raise _invalid(name)
    text = value.strip()
    try:
        if len(text) == 10:
            return date.fromisoformat(text)
        return _as_day(datetime.fromisoformat(text))
    except ValueError:
        raise _invalid(name) from None


def _as_day(value: date) -> date:
    if isinstance(value, datetime):
        moment = value.astimezone(UTC) if value.tzinfo else value
        return moment.date()
    return value


def _blank(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, Mapping | list) and not value)


def _text(raw: Mapping[str, Any], name: str, default: str | None = None) -> str:
    value = raw.get(name)
    if _blank(value):
        if default is None:
            raise _invalid(name)
        return default
    if not isinstance(value, str) or not value.strip():
        raise _invalid(name)
    return value.strip()


def _whole(raw: Mapping[str, Any], name: str, default: int) -> int:
    value = raw.get(name)
    if _blank(value):
        return default
    if isinstance(value, bool):
        raise _invalid(name)
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    if isinstance(value, float) and value.is_integer():
        return int(value)
    raise _invalid(name)


def _flag(raw: Mapping[str, Any], name: str) -> bool:
    value = raw.get(name)
    if _blank(value):
        return False
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in {"true", "1", "yes", "false", "0", "no"}:
        return value.strip().lower() in {"true", "1", "yes"}
    raise _invalid(name)


def _optional_day(raw: Mapping[str, Any], name: str) -> date | None:
    value = raw.get(name)
    return None if _blank(value) else parse_day(value, name)


def _step_up(raw: Mapping[str, Any]) -> StepUpPricing | None:
    value = raw.get("step_up")
    if _blank(value):
        return None
    if not isinstance(value, Mapping):
        raise _invalid("step_up")
    try:
        return StepUpPricing(
            amount=parse_amount(value.get("amount"), "step_up"),
            date=parse_day(value.get("date"), "step_up"),
        )
    except PlanError:
        raise _invalid("step_up") from None


def plan_from_raw(raw: Mapping[str, Any]) -> Plan:
    """A Plan from the server's raw plan data (id, name, product_id, frequency, ...)."""
    if not isinstance(raw, Mapping):
        raise PlanError("The plan must be an object.")
    amount = parse_amount(raw.get("amount"), "amount")
    normal = raw.get("normal_amount")
    interval = _whole(raw, "frequency", 1)
    if interval not in INTERVAL_NAMES:
        raise _invalid("frequency")
    trial_duration = _whole(raw, "trial_duration", 0)
    if trial_duration < 0:
        raise _invalid("trial_duration")
    unit = _text(raw, "trial_duration_unit", "day").lower()
    if unit not in TRIAL_DURATION_UNITS:
        raise _invalid("trial_duration_unit")
    return Plan(
        planId=_text(raw, "id"),
        planName=_text(raw, "name"),
        productId=_text(raw, "product_id", DEFAULT_PRODUCT_ID),
        amount=amount,
        normalAmount=amount if _blank(normal) else parse_amount(normal, "normal_amount"),
        billingInterval=interval,
        cardHeading=_text(raw, "card_heading", ""),
        featured=_flag(raw, "featured"),
        firstBillingDate=_optional_day(raw, "first_billing_date"),
        nextBillingDate=_optional_day(raw, "next_billing_date"),
        stepUpPricing=_step_up(raw),
        trialDuration=trial_duration,
        trialDurationUnit="month" if unit == "month" else "day",
        curation=_text(raw, "curation", ""),
    )
