"""Operators' edits of the decision rules (operator API and CLI): validated bodies only, and
names that must exist (plans, discounts) checked against the catalogue."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.billing import api as billing
from masthead.billing.api import discounts
from masthead.decisions import repository
from masthead.decisions.defaults import new_row
from masthead.decisions.models import DecisionRule
from masthead.decisions.outputs import AVAILABLE_PLANS, CANCEL_FLOW_OFFER, RuleIn
from masthead.decisions.schemas import RuleOut
from masthead.deps import Runtime


class RuleError(Exception):
    def __init__(self, status: int, type_: str, message: str) -> None:
        super().__init__(message)
        self.status, self.type, self.message = status, type_, message


def wire(row: DecisionRule) -> RuleOut:
    return RuleOut(
        id=row.id,
        feature=row.feature,
        priority=row.priority,
        enabled=row.enabled,
        description=row.description,
        conditions=row.conditions,
        output=row.output,
        updatedAt=row.updated_at.isoformat(),
    )


def _check_names(db: Session, rule: RuleIn) -> None:
    if rule.feature == AVAILABLE_PLANS and rule.output.get("plans"):
        known = billing.plan_ids(db)
        unknown = [p["id"] for p in rule.output["plans"] if p["id"] not in known]
        if unknown:
            raise RuleError(
                400,
                "unknown-plan",
                f'The plan "{unknown[0]}" is not an enabled plan. '
                f"Enabled plans: {', '.join(sorted(known)) or 'none'}.",
            )
    discount_id = rule.output.get("discountId")
    if rule.feature == CANCEL_FLOW_OFFER and discount_id is not None:
        known = discounts.known_ids(db)
        if discount_id not in known:
            raise RuleError(
                400,
                "unknown-discount",
                f'There is no discount "{discount_id}". '
                f"Discounts: {', '.join(sorted(known)) or 'none'}.",
            )


def _existing(db: Session, rule_id: int) -> DecisionRule:
    row = repository.rule(db, rule_id)
    if row is None:
        raise RuleError(404, "rule-not-found", f"There is no decision rule {rule_id}.")
    return row


def create(db: Session, rt: Runtime, rule: RuleIn) -> RuleOut:
    _check_names(db, rule)
    row = new_row(rule, rt.clock.now())
    db.add(row)
    db.flush()
    return wire(row)


def replace(db: Session, rt: Runtime, rule_id: int, rule: RuleIn) -> RuleOut:
    row = _existing(db, rule_id)
    _check_names(db, rule)
    fresh = new_row(rule, rt.clock.now())
    for name in ("feature", "priority", "enabled", "description", "conditions", "output"):
        setattr(row, name, getattr(fresh, name))
    row.updated_at = fresh.updated_at
    db.flush()
    return wire(row)


def show(db: Session, rule_id: int) -> RuleOut:
    return wire(_existing(db, rule_id))


def listing(db: Session, feature: str | None) -> list[RuleOut]:
    return [wire(row) for row in repository.all_rules(db, feature)]


def delete(db: Session, rule_id: int) -> None:
    db.delete(_existing(db, rule_id))
    db.flush()
