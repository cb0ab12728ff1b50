"""Decision rules: what a rule's conditions are, and which rule a request gets. Pure: no I/O.

Rules are data (the decision_rules table, edited through the operator API or the CLI). Each
belongs to one feature and has a priority; the enabled rule with the lowest priority whose
conditions all hold decides (ties: the older rule). A condition left out holds for anyone:

    {"path": "/account/appsubscribe",    a path prefix of whole segments ("": any path)
     "readers": "had-trial",             any, signed-out, signed-in, new (signed in, never had
                                         a trial), had-trial (the profile's had-trial)
     "statuses": ["Active"],             the reader's account status is one of them
     "products": ["hd-sports-membership"],  the reader has one of these products
     "plans": ["sports-monthly"],        one of the reader's live subscriptions is on one
     "region": "supported",              any, supported, unsupported (MASTHEAD_SUPPORTED_COUNTRIES)
     "countries": ["US", "CA"],          the visitor's known country is one of them
     "emails": ["ann@example.com"]}      the signed-in reader is one of these accounts (a rule
                                         tried on a few readers, such as staff, first)

Signed-out visitors have no status, products, plans or email: a rule naming any never holds
for them. What a rule answers (its output) is per feature: outputs.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from masthead.billing.api import AccountStatus

ReaderKind = Literal["any", "signed-out", "signed-in", "new", "had-trial"]
RegionKind = Literal["any", "supported", "unsupported"]
COUNTRY_PATTERN = r"^[A-Za-z]{2}$"
# An account's address as a rule names it: something@something without white space (spelt
# out, as NOT_BLANK is); an address of no account is no error, its rule never holds.
EMAIL_PATTERN = r"^[^@\t\n\x0b\x0c\r ]+@[^@\t\n\x0b\x0c\r ]+$"
_Id = Field(min_length=1, max_length=64)
# Some character that str.strip() keeps: its whitespace spelt out, since \s differs between
# Python, ECMA and Rust regular expressions.
NOT_BLANK = r"[^\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
# Documented; _ids and _countries check them (their 400s say what an id and a country are).
_DocumentedId = Annotated[
    str, Field(json_schema_extra={"minLength": 1, "maxLength": 64, "pattern": NOT_BLANK})
]
_Country = Annotated[str, Field(json_schema_extra={"pattern": COUNTRY_PATTERN})]
_Email = Annotated[str, Field(json_schema_extra={"pattern": EMAIL_PATTERN, "maxLength": 320})]


class Conditions(BaseModel):
    """When a rule applies; every condition given must hold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(
        default="",
        max_length=300,
        description="a path prefix of whole segments",
        # Documented; _path checks it.
        json_schema_extra={"anyOf": [{"maxLength": 0}, {"pattern": "^/"}]},
    )
    readers: ReaderKind = "any"
    statuses: tuple[AccountStatus, ...] = Field(default=(), max_length=20)
    products: tuple[_DocumentedId, ...] = Field(default=(), max_length=20)
    plans: tuple[_DocumentedId, ...] = Field(default=(), max_length=50)
    region: RegionKind = "any"
    countries: tuple[_Country, ...] = Field(
        default=(), max_length=250, description="two-letter codes, in either case: US"
    )
    emails: tuple[_Email, ...] = Field(
        default=(), max_length=100, description="these readers' accounts only, in either case"
    )

    @field_validator("path")
    @classmethod
    def _path(cls, value: str) -> str:
        if value and not value.startswith("/"):
            raise ValueError('a path prefix starts with "/"')
        return value

    @field_validator("products", "plans")
    @classmethod
    def _ids(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if any(not item.strip() or len(item) > 64 for item in value):
            raise ValueError("each id is 1 to 64 characters")
        return value

    @field_validator("countries", mode="before")
    @classmethod
    def _countries(cls, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return value
        if any(not isinstance(c, str) or not re.fullmatch(COUNTRY_PATTERN, c) for c in value):
            raise ValueError("countries are two-letter codes such as US")
        return [c.upper() for c in value]

    @field_validator("emails", mode="before")
    @classmethod
    def _emails(cls, value: Any) -> Any:
        if not isinstance(value, list | tuple):
            return value
        if any(
            not isinstance(e, str) or len(e) > 320 or not re.fullmatch(EMAIL_PATTERN, e)
            for e in value
        ):
            raise ValueError("emails are account addresses such as ann@example.com")
        return [e.lower() for e in value]

    def stored(self) -> dict[str, Any]:
        """The conditions as the table keeps them: only those that were set."""
        return self.model_dump(mode="json", exclude_defaults=True)


@dataclass(frozen=True)
class Facts:
    """What the server knows about the request, for the conditions to test."""

    path: str = ""
    signed_in: bool = False
    had_trial: bool = False
    status: str | None = None  # None: signed out
    products: frozenset[str] = field(default_factory=frozenset)
    plans: frozenset[str] = field(default_factory=frozenset)
    in_supported_region: bool = True
    country: str | None = None  # None: unknown
    email: str | None = None  # the signed-in reader's, lowercased; None: signed out


@dataclass(frozen=True)
class Rule:
    """A stored rule, read and validated: `output` is the feature's output model."""

    id: int
    priority: int
    conditions: Conditions
    output: Any


def _reader_matches(kind: ReaderKind, facts: Facts) -> bool:
    if kind == "any":
        return True
    if kind == "signed-out":
        return not facts.signed_in
    if kind == "signed-in":
        return facts.signed_in
    if kind == "new":
        return facts.signed_in and not facts.had_trial
    return facts.signed_in and facts.had_trial


def path_matches(prefix: str, path: str) -> bool:
    """A prefix of whole segments: "/account/subscribe" matches itself and what is below it."""
    prefix = prefix.rstrip("/")
    if not prefix:
        return True
    path = path.split("?", 1)[0].rstrip("/")
    return path == prefix or path.startswith(prefix + "/")


def matches(conditions: Conditions, facts: Facts) -> bool:
    c = conditions
    if c.region == "supported" and not facts.in_supported_region:
        return False
    if c.region == "unsupported" and facts.in_supported_region:
        return False
    return (
        path_matches(c.path, facts.path)
        and _reader_matches(c.readers, facts)
        and (not c.statuses or facts.status in c.statuses)
        and (not c.products or not facts.products.isdisjoint(c.products))
        and (not c.plans or not facts.plans.isdisjoint(c.plans))
        and (not c.countries or facts.country in c.countries)
        and (not c.emails or facts.email in c.emails)
    )


def first_match(rules: Iterable[Rule], facts: Facts) -> Rule | None:
    """The deciding rule: the lowest priority (then the lowest id) whose conditions hold."""
    for rule in sorted(rules, key=lambda r: (r.priority, r.id)):
        if matches(rule.conditions, facts):
            return rule
    return None
