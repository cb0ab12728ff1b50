"""The available-plans rules an operator configures, and which rule a request gets.

Pure: no I/O. MASTHEAD_AVAILABLE_PLANS is a JSON list of rules; the first rule whose `path`
and `readers` match the request decides, and with none matching the built-in rule does
(`available_plans.default_choices`). A rule:

    {"path": "/account/appsubscribe",      optional: a path prefix ("" or absent: any path)
     "readers": "had-trial",               optional: any, signed-out, signed-in, new, had-trial
     "plans": ["sports-monthly",           plan ids in display order, each a string or
               {"id": "sports-annual", "featured": true, "curation": "Our best deal"}]}

Readers: `new` is a signed-in reader who never had a trial, `had-trial` one who had (the
profile's had-trial), `signed-out` a visitor without a session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

ReaderKind = Literal["any", "signed-out", "signed-in", "new", "had-trial"]


class PlanChoice(BaseModel):
    """One plan a reader is offered, with the options its card shows for this reader."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=64)
    featured: bool | None = Field(
        default=None, description="Overrides the plan's featured flag (and its badge)."
    )
    curation: str | None = Field(
        default=None, max_length=1000, description="Overrides the card's curation text."
    )

    def options(self) -> dict[str, Any]:
        """The options that are set, as the outputValue line carries them."""
        return self.model_dump(exclude={"id"}, exclude_none=True)


class PlanRule(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = ""
    readers: ReaderKind = "any"
    plans: tuple[PlanChoice, ...]

    @field_validator("plans", mode="before")
    @classmethod
    def _ids_as_choices(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return [{"id": item} if isinstance(item, str) else item for item in value]
        return value


@dataclass(frozen=True)
class Visitor:
    signed_in: bool
    had_trial: bool = False


def _reader_matches(kind: ReaderKind, visitor: Visitor) -> bool:
    if kind == "any":
        return True
    if kind == "signed-out":
        return not visitor.signed_in
    if kind == "signed-in":
        return visitor.signed_in
    if kind == "new":
        return visitor.signed_in and not visitor.had_trial
    return visitor.signed_in and visitor.had_trial


def _path_matches(prefix: str, path: str) -> bool:
    """A prefix of whole segments: "/account/subscribe" matches itself and what is below it."""
    prefix = prefix.rstrip("/")
    if not prefix:
        return True
    path = path.split("?", 1)[0].rstrip("/")
    return path == prefix or path.startswith(prefix + "/")


def choose_rule(rules: tuple[PlanRule, ...], path: str, visitor: Visitor) -> PlanRule | None:
    """The first rule matching the request's path and reader, else None."""
    for rule in rules:
        if _path_matches(rule.path, path) and _reader_matches(rule.readers, visitor):
            return rule
    return None
