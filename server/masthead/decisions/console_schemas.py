"""Wire shapes of the decision rules in the staff console beyond the operator API's: switching
a rule on or off, the order of a feature's rules, and the preview of what a reader is offered."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from masthead.decisions.outputs import FeatureSlug, RuleIn
from masthead.decisions.rules import COUNTRY_PATTERN, EMAIL_PATTERN
from masthead.decisions.schemas import RuleOut


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EnabledIn(_Strict):
    enabled: bool = Field(strict=True)


class OrderIn(_Strict):
    feature: FeatureSlug
    rules: list[int] = Field(
        max_length=1000,
        description="Every rule id of the feature, enabled or not, the first deciding first.",
    )


class RuleOrderOut(BaseModel):
    rules: list[RuleOut]


class PreviewIn(_Strict):
    email: str | None = Field(
        default=None,
        max_length=320,
        pattern=EMAIL_PATTERN,
        description="The reader to decide for (an account's email); empty: a signed-out visitor.",
    )
    path: str = Field(
        default="/account/subscribe",
        max_length=2048,
        description="The page asking: the payflow is /account/subscribe.",
    )
    country: str | None = Field(
        default=None,
        pattern=COUNTRY_PATTERN,
        description="The visitor's country (two letters); empty: unknown, which counts as a "
        "supported region.",
    )
    draft: RuleIn | None = Field(
        default=None,
        description="A rule not saved yet, decided as if it were saved (its priority among the "
        "feature's rules; after rules of the same priority). Plans and discounts it names need "
        "not exist: the preview shows what happens to them.",
    )
    replaces: int | None = Field(
        default=None,
        ge=1,
        le=2**31 - 1,
        description="The saved rule the draft edits: left out of the preview.",
    )


class PreviewReader(BaseModel):
    email: str
    status: str = Field(description="The account status the rules test (statuses).")
    products: list[str]
    plans: list[str] = Field(description="Plans of the live subscriptions.")
    hadTrial: bool
    entitled: bool = Field(
        description="The server's own entitlement decision: rules can withhold it, not grant it."
    )


class PreviewDecision(BaseModel):
    feature: FeatureSlug
    outputValue: Any = Field(description="What the decision engine answers now (its outputValue).")
    ruleId: int | None = Field(
        description="The deciding rule; null: none matched (the built-in answer), or the draft's "
        "when `draft` is true."
    )
    ruleDescription: str | None
    draft: bool = Field(description="The draft decided.")


class PreviewPlan(BaseModel):
    """One card of the payflow: the plan as offered today, with the rule's options applied."""

    id: str
    name: str
    frequency: int
    amount: str
    cta_text: str
    featured: bool
    badge: str | None
    curation: str


class PreviewOut(BaseModel):
    reader: PreviewReader | None = Field(description="Null: a signed-out visitor.")
    path: str
    country: str | None
    inSupportedRegion: bool
    decisions: list[PreviewDecision] = Field(description="One per feature.")
    plans: list[PreviewPlan] = Field(description="The plans the payflow lists, in its order.")
