"""What a rule answers, per feature, and the rule body an operator writes. Pure: no I/O.

- available-plans: `{"plans": [<id> | {"id", "featured", "curation"}, ...]}` the plans in
  display order, or `{"catalogue": "in-order" | "without-trial-first"}` every enabled plan
  (plans with a trial last for `without-trial-first`).
- membership-entitlement-check: `{"entitled": true | false}`. A rule can only withhold: the
  answer is true only when the server's own entitlement decision is true as well.
- cancel-flow-offer: `{"discountId": <billing discount id> | null, "heading", "text",
  "acceptLabel"}`: the retention offer the cancel dialog shows (texts optional: the
  discount's name and description are used without them); null offers nothing.
- text-campaigns: `{"ctaHeading", "subtext"}`: the article page's call-to-action heading and
  byline subtext. `{membership}` becomes the brand's membership name, `{action}` the offered
  plan's call to action. A text left out keeps the page's built-in wording; "" hides it.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic.config import JsonDict
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from masthead.decisions.rules import Conditions

AVAILABLE_PLANS = "available-plans"
ENTITLEMENT = "membership-entitlement-check"
CANCEL_FLOW_OFFER = "cancel-flow-offer"
TEXT_CAMPAIGNS = "text-campaigns"
FeatureSlug = Literal[
    "available-plans", "membership-entitlement-check", "cancel-flow-offer", "text-campaigns"
]


class _Output(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PlanChoice(_Output):
    """One plan a reader is offered, with the options its card shows for this reader."""

    id: str = Field(min_length=1, max_length=64)
    featured: bool | None = Field(
        default=None, strict=True, description="Overrides the plan's featured flag (and its badge)."
    )
    curation: str | None = Field(
        default=None, max_length=1000, description="Overrides the card's curation text."
    )

    def options(self) -> dict[str, Any]:
        """The options that are set, as the outputValue line carries them."""
        return self.model_dump(exclude={"id"}, exclude_none=True)


class _OrPlanId:
    """Documents that a plan may be given by its id alone (_ids_as_choices makes it a choice)."""

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "anyOf": [{"type": "string", "minLength": 1, "maxLength": 64}, handler(core_schema)]
        }


# The one-source rule below, as the document states it: plans or catalogue, the other absent
# or null.
_ONE_SOURCE: JsonDict = {
    "anyOf": [
        {
            "required": ["plans"],
            "properties": {"plans": {"type": "array"}, "catalogue": {"type": "null"}},
        },
        {
            "required": ["catalogue"],
            "properties": {"catalogue": {"type": "string"}, "plans": {"type": "null"}},
        },
    ]
}


class AvailablePlansOutput(_Output):
    model_config = ConfigDict(json_schema_extra=_ONE_SOURCE)

    plans: tuple[Annotated[PlanChoice, _OrPlanId()], ...] | None = Field(
        default=None, max_length=50, description="plan ids, or plans with their options"
    )
    catalogue: Literal["in-order", "without-trial-first"] | None = None

    @field_validator("plans", mode="before")
    @classmethod
    def _ids_as_choices(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return [{"id": item} if isinstance(item, str) else item for item in value]
        return value

    @model_validator(mode="after")
    def _one_source(self) -> AvailablePlansOutput:
        if (self.plans is None) == (self.catalogue is None):
            raise ValueError('give either "plans" (a list) or "catalogue", not both')
        return self


class EntitlementOutput(_Output):
    entitled: bool = Field(strict=True)


class CancelFlowOfferOutput(_Output):
    discountId: str | None = Field(min_length=1, max_length=64)
    heading: str | None = Field(default=None, min_length=1, max_length=200)
    text: str | None = Field(default=None, min_length=1, max_length=1000)
    acceptLabel: str | None = Field(default=None, min_length=1, max_length=60)


class TextCampaignsOutput(_Output):
    ctaHeading: str | None = Field(default=None, max_length=200)
    subtext: str | None = Field(default=None, max_length=500)


OUTPUTS: dict[str, type[_Output]] = {
    AVAILABLE_PLANS: AvailablePlansOutput,
    ENTITLEMENT: EntitlementOutput,
    CANCEL_FLOW_OFFER: CancelFlowOfferOutput,
    TEXT_CAMPAIGNS: TextCampaignsOutput,
}


def parse_output(feature: str, raw: Any) -> Any:
    """The feature's output model; ValueError with a readable reason when it does not fit."""
    try:
        return OUTPUTS[feature].model_validate(raw)
    except ValidationError as exc:
        reasons = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or 'output'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise ValueError(f"the output does not fit {feature}: {reasons}") from None


def stored_output(output: BaseModel) -> dict[str, Any]:
    # Defaults, not every None: a field that must be given, though it may be null (the
    # cancel-flow offer's discountId: null, no offer), is kept, or the stored rule would no
    # longer parse and would be skipped.
    return output.model_dump(mode="json", exclude_defaults=True)


class _RuleFields(BaseModel):
    """What every rule has, whatever its feature. Strict numbers and flags: 0/1 or "5" are not
    the documented true/false and integer."""

    model_config = ConfigDict(extra="forbid")

    priority: int = Field(default=100, ge=0, le=1_000_000, description="lowest decides first")
    enabled: bool = Field(default=True, strict=True)
    description: str = Field(default="", max_length=300)
    conditions: Conditions = Field(default_factory=Conditions)

    @field_validator("priority", mode="before")
    @classmethod
    def _a_number(cls, value: Any) -> Any:
        # A JSON number only (105.0 is the integer 105), not text or a flag.
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("Input should be a valid integer")
        return value


# The four shapes a rule takes, one per feature: documentation of RuleIn only.
class AvailablePlansRule(_RuleFields):
    feature: Literal["available-plans"]
    output: AvailablePlansOutput


class EntitlementRule(_RuleFields):
    feature: Literal["membership-entitlement-check"]
    output: EntitlementOutput


class CancelFlowOfferRule(_RuleFields):
    feature: Literal["cancel-flow-offer"]
    output: CancelFlowOfferOutput


class TextCampaignsRule(_RuleFields):
    feature: Literal["text-campaigns"]
    output: TextCampaignsOutput


_RULE_SHAPES: TypeAdapter[Any] = TypeAdapter(
    Annotated[
        AvailablePlansRule | EntitlementRule | CancelFlowOfferRule | TextCampaignsRule,
        Field(discriminator="feature"),
    ]
)


class RuleIn(_RuleFields):
    """A rule as an operator writes it."""

    feature: FeatureSlug
    output: dict[str, Any] = Field(description="the feature's answer; see the feature's shape")

    @model_validator(mode="after")
    def _output_fits(self) -> RuleIn:
        # Normalised (string plan ids become objects, unset texts dropped) as it is stored.
        self.output = stored_output(parse_output(self.feature, self.output))
        return self

    @classmethod
    def __get_pydantic_json_schema__(
        cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        # Validated as one model, so that an output's faults make one readable message (see
        # parse_output); documented as what it accepts: one of the four shapes, by feature.
        return handler(_RULE_SHAPES.core_schema)
