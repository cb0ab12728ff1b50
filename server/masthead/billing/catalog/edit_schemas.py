"""Wire shapes of the catalogue's editing: plans and discounts as the console, the operator API
(/operator/v1/plans, /operator/v1/discounts) and the CLI write and read them.

Amounts travel as text with at most two decimals ("4.99"), never as floats. What a JSON
Schema can say is said here (and checked by FastAPI); rules across fields (a regular price
below the price, a step-up without its date, plans that do not exist) are editing.py's, each
refused with a sentence a marketer can act on.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any, Literal

from fastapi import Path
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

# URL-safe, and what Braintree accepts as a plan or discount id: letters, digits, - and _.
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
ID_RULE = (
    "An id is 1 to 64 letters, digits, hyphens (-) or underscores (_), starting with a letter "
    "or a digit, such as sports-monthly."
)
# More than zero, at most Braintree's largest amount, at most two decimals.
MONEY_PATTERN = r"^(?!0*(\.0*)?$)[0-9]{1,8}(\.[0-9]{1,2})?$"
MONEY_RULE = "more than 0, in dollars with at most 2 decimals, such as 4.99"
# Some character that str.strip() keeps (as decisions/rules.py spells it).
NOT_BLANK = r"[^\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"

Id = Annotated[str, Field(pattern=ID_PATTERN, description=ID_RULE)]
Money = Annotated[
    str,
    Field(
        max_length=11,
        description=f"Dollars: {MONEY_RULE}.",
        json_schema_extra={"pattern": MONEY_PATTERN, "examples": ["4.99"]},
    ),
]
Text = Annotated[str, Field(json_schema_extra={"pattern": NOT_BLANK})]
PlanId = Annotated[str, Path(pattern=ID_PATTERN)]
DiscountId = Annotated[str, Path(pattern=ID_PATTERN)]

PLAN_HELP = (
    " The id never changes: it is the gateway's plan id. A new price is for new members (and "
    "members who switch to or restart the plan); members on it keep theirs, unless a step-up "
    "price and date are set, which reach every member after a notice mail, so a new step-up "
    "date is at least 30 days away. `enabled: false` hides the plan from new readers. 400 "
    "`bad-request` names a field that does not fit; 400 `invalid-plan` a rule across fields "
    "(regular price below the price, a step-up without its date, dates in the wrong order, a "
    "trial of more than 365 days or 12 months)."
)
DISCOUNT_HELP = (
    " The id never changes: it is the gateway's discount id (in Braintree, set up in its "
    "control panel). New terms count for offers taken from now on. `plan_ids` empty: every "
    "plan. 400 `invalid-discount`: a plan that does not exist, named twice, or cheaper than "
    "the discount. `enabled: false` withdraws the offer."
)


def _json_integer(value: Any) -> Any:
    """A JSON number that is whole (86 or 86.0), as the schema's integer says; not text or a
    flag, which lax validation would take."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("integer", "Input should be a whole number")
    return value


# An integer as JSON Schema means it: 86.0 is one, "86" and true are not.
WholeNumber = Annotated[int, BeforeValidator(_json_integer)]
Cycles = Annotated[int, Field(ge=1, le=120), BeforeValidator(_json_integer)]


def _not_blank(value: str, label: str) -> str:
    if not value.strip():
        raise PydanticCustomError("blank", f"The {label} cannot be empty.")
    return value.strip()


def _money(value: str, label: str) -> str:
    if not re.fullmatch(MONEY_PATTERN, value):
        raise PydanticCustomError("money", f"The {label} must be {MONEY_RULE}.")
    return value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlanFields(_Strict):
    """Everything of a plan but its id (which never changes: it is the gateway's plan id)."""

    name: Text = Field(min_length=1, max_length=200, description="The card's title: Monthly.")
    product_id: Id = Field(default="sports-membership", description="The product it sells.")
    frequency: Literal[1, 6, 12] = Field(description="Billing interval in months.")
    amount: Money = Field(description="The price of each interval for new members.")
    normal_amount: Money | None = Field(
        default=None, description="The regular price it is compared with; empty: the amount."
    )
    first_billing_date: date | None = None
    next_billing_date: date | None = None
    step_up_amount: Money | None = Field(
        default=None,
        description="The price from step_up_date on, for new members and, after a notice "
        "mail, for every member on the plan. Give both or neither.",
    )
    step_up_date: date | None = None
    trial_duration: WholeNumber = Field(default=0, ge=0, le=365)
    trial_duration_unit: Literal["day", "month"] = "day"
    featured: bool = Field(default=False, strict=True, description="The 'Best Value!' badge.")
    card_heading: str = Field(
        default="", max_length=200, description="Empty: 'Flexible <interval name>'."
    )
    curation: str = Field(default="", max_length=1000, description="The card's curation line.")
    position: WholeNumber = Field(default=0, ge=0, le=10_000, description="Card order.")
    enabled: bool = Field(
        default=True, strict=True, description="Offered to new readers; false hides it."
    )

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _not_blank(value, "name")

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: str) -> str:
        return _money(value, "price")

    @field_validator("normal_amount")
    @classmethod
    def _normal(cls, value: str | None) -> str | None:
        return None if value is None else _money(value, "regular price")

    @field_validator("step_up_amount")
    @classmethod
    def _step_up(cls, value: str | None) -> str | None:
        return None if value is None else _money(value, "step-up price")


class NewPlanIn(PlanFields):
    """A new plan."""

    id: Id


class PlanAdminOut(BaseModel):
    id: str
    name: str
    product_id: str
    frequency: Literal[1, 6, 12]
    amount: str
    normal_amount: str | None
    first_billing_date: date | None
    next_billing_date: date | None
    step_up_amount: str | None
    step_up_date: date | None
    trial_duration: int
    trial_duration_unit: Literal["day", "month"]
    featured: bool
    card_heading: str
    curation: str
    position: int
    enabled: bool
    members: int = Field(
        description="Live subscriptions on the plan (active, pending, past due): they keep "
        "their price when the price changes."
    )


class PlanListOut(BaseModel):
    plans: list[PlanAdminOut]


class DiscountFields(_Strict):
    """Everything of a discount but its id (the gateway's discount id, never changed)."""

    name: Text = Field(min_length=1, max_length=200, description="The offer's short name.")
    description: str = Field(default="", max_length=500, description="What the reader is told.")
    amount: Money = Field(description="Off each discounted billing cycle.")
    number_of_billing_cycles: Cycles | None = Field(
        default=None, description="Cycles discounted; empty: all."
    )
    plan_ids: list[Id] = Field(
        default_factory=list, max_length=50, description="The plans it applies to; empty: all."
    )
    enabled: bool = Field(default=True, strict=True, description="Offered; false withdraws it.")

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        return _not_blank(value, "name")

    @field_validator("amount")
    @classmethod
    def _amount(cls, value: str) -> str:
        return _money(value, "discount")


class NewDiscountIn(DiscountFields):
    """A new discount."""

    id: Id


class DiscountAdminOut(BaseModel):
    id: str
    name: str
    description: str
    amount: str
    number_of_billing_cycles: int | None
    plan_ids: list[str]
    purpose: str
    enabled: bool


class DiscountListOut(BaseModel):
    discounts: list[DiscountAdminOut]
