"""Wire shapes of the decision engine and of its rules' operator API."""

from __future__ import annotations

from typing import Any, get_args

from pydantic import BaseModel, Field

from masthead.decisions.outputs import FeatureSlug

FEATURES_HELP = "available-plans, membership-entitlement-check, cancel-flow-offer or text-campaigns"
# What a rule body holds, as the operator API and the console document it.
BODY_HELP = (
    " The body: `feature` (one of the four features), `priority` (0 to 1000000, lowest "
    "decides first; default 100), `enabled` (default true), `description`, `conditions` "
    "(path, readers, statuses, products, plans, region, countries, emails; all optional) and "
    "`output` (the feature's shape, see the decision engine). 400 `bad-request` names what "
    "does not fit; 400 `unknown-plan` / `unknown-discount` for names the catalogue lacks."
)


class DecisionIn(BaseModel):
    # A str, not FeatureSlug: another slug is the route's own 400 unknown-feature (naming the
    # known ones), not a validation 400; the enum documents what it accepts.
    sdkFeatureSlug: str = Field(
        min_length=1,
        max_length=100,
        description=f"The feature asked about: {FEATURES_HELP}.",
        json_schema_extra={"enum": list(get_args(FeatureSlug))},
    )
    path: str = Field(
        default="",
        max_length=2048,
        description="The page's path (/account/subscribe); rules may choose by it.",
    )
    contentId: str | None = Field(default=None, max_length=200, description="The article, if any.")
    userAgent: str | None = Field(default=None, max_length=1000)
    session: str | None = Field(
        default=None,
        max_length=200,
        description="The reader's session id (the zephrSessionId cookie's value), for callers "
        "without the cookie; when both are sent they must be the same session (403).",
    )


class DecisionOut(BaseModel):
    sdkFeatureSlug: str = Field(description="The feature answered (as asked).")
    loggedIn: bool = Field(
        description="Whether the decision was made for a signed-in reader (a live session)."
    )
    outputValue: Any = Field(
        description="The feature's answer. `available-plans`: text, one line per plan offered "
        "in display order: the plan id, optionally a space and a JSON object of options "
        '({"featured": true|false, "curation": "<text>"}) for that plan\'s card; empty when '
        "no plan is offered (outside the supported region). `membership-entitlement-check`: "
        "true or false, true only for a session whose reader the server finds entitled (a "
        "member-like status or home delivery). `cancel-flow-offer`: "
        '{"offer": null} or {"offer": {"subscriptionId", "discountId", "heading", "text", '
        '"acceptLabel", "priceWithDiscount", "numberOfBillingCycles"}}, an offer the '
        "discounts call accepts. `text-campaigns`: "
        '{"ctaHeading"?: <text>, "subtext"?: <text>}, with `{membership}` and `{action}` '
        "for the page to fill in; a text left out keeps the page's own, an empty one hides it."
    )


class RuleOut(BaseModel):
    id: int
    feature: FeatureSlug
    priority: int
    enabled: bool
    description: str
    conditions: dict[str, Any]
    output: dict[str, Any]
    updatedAt: str = Field(description="ISO 8601")


class RuleListOut(BaseModel):
    rules: list[RuleOut]
