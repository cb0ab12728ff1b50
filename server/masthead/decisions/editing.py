"""Edits of the decision rules, the one module behind the operator API, the CLI and the staff
console: validated bodies only, names that must exist (plans, discounts) checked against the
catalogue, and every change audited in its transaction (who: the staff member, or None for
the operator API and the CLI; the rule before and after)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from masthead.billing import api as billing
from masthead.billing.api import discounts
from masthead.decisions import repository
from masthead.decisions.defaults import new_row
from masthead.decisions.models import DecisionRule
from masthead.decisions.outputs import AVAILABLE_PLANS, CANCEL_FLOW_OFFER, RuleIn
from masthead.decisions.schemas import RuleOut
from masthead.deps import Runtime
from masthead.staff.api import Actor, record_action

CREATED, UPDATED, DELETED = (
    "decision_rule.created",
    "decision_rule.updated",
    "decision_rule.deleted",
)
ENABLED, DISABLED = "decision_rule.enabled", "decision_rule.disabled"
REORDERED = "decision_rules.reordered"
TARGET = "decision_rule"
MAX_PRIORITY = 1_000_000


@dataclass(frozen=True)
class Who:
    """Who makes a change: a staff member, or None with the operator API's address or, from
    the CLI, none."""

    actor: Actor | None = None
    address: str | None = None


NOBODY = Who()


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


def _audited(row: DecisionRule) -> dict[str, Any]:
    return wire(row).model_dump(mode="json", exclude={"updatedAt"})


def _record(
    db: Session,
    rt: Runtime,
    action: str,
    who: Who,
    target: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    target_type: str = TARGET,
) -> None:
    record_action(
        db,
        rt.clock.now(),
        action,
        who.actor,
        target_type=target_type,
        target_id=target,
        before=before,
        after=after,
        address=who.address,
    )


def create(db: Session, rt: Runtime, rule: RuleIn, who: Who = NOBODY) -> RuleOut:
    _check_names(db, rule)
    row = new_row(rule, rt.clock.now())
    db.add(row)
    db.flush()
    _record(db, rt, CREATED, who, str(row.id), None, _audited(row))
    return wire(row)


def replace(db: Session, rt: Runtime, rule_id: int, rule: RuleIn, who: Who = NOBODY) -> RuleOut:
    row = _existing(db, rule_id)
    _check_names(db, rule)
    before = _audited(row)
    fresh = new_row(rule, rt.clock.now())
    for name in ("feature", "priority", "enabled", "description", "conditions", "output"):
        setattr(row, name, getattr(fresh, name))
    row.updated_at = fresh.updated_at
    db.flush()
    if _audited(row) != before:
        _record(db, rt, UPDATED, who, str(row.id), before, _audited(row))
    return wire(row)


def set_enabled(
    db: Session, rt: Runtime, rule_id: int, enabled: bool, who: Who = NOBODY
) -> RuleOut:
    """Switches a rule on or off. A rule switched on is checked again: a plan or discount it
    names may have gone from the catalogue while it was off."""
    row = _existing(db, rule_id)
    if row.enabled == enabled:
        return wire(row)
    if enabled:
        body = {name: value for name, value in _audited(row).items() if name != "id"}
        _check_names(db, RuleIn.model_validate({**body, "enabled": True}))
    row.enabled = enabled
    row.updated_at = rt.clock.now()
    db.flush()
    action = ENABLED if enabled else DISABLED
    _record(db, rt, action, who, str(row.id), {"enabled": not enabled}, {"enabled": enabled})
    return wire(row)


def reorder(
    db: Session, rt: Runtime, feature: str, order: list[int], who: Who = NOBODY
) -> list[RuleOut]:
    """Puts a feature's rules (all of them, enabled or not) in `order`, first deciding first:
    the priorities they have are handed out again in that order (kept apart by at least one),
    so rules of other features and the gaps between priorities stay as they were."""
    rows = list(repository.all_rules(db, feature))
    if sorted(order) != sorted(row.id for row in rows) or len(set(order)) != len(order):
        raise RuleError(
            409,
            "rules-changed",
            "The rules of this feature changed since they were shown. Reload them and try again.",
        )
    before = [row.id for row in rows]  # by priority, then id: the order now
    priorities = _spread(sorted(row.priority for row in rows))
    by_id = {row.id: row for row in rows}
    now = rt.clock.now()
    for rule_id, priority in zip(order, priorities, strict=True):
        row = by_id[rule_id]
        if row.priority != priority:
            row.priority, row.updated_at = priority, now
    db.flush()
    if order != before:
        _record(
            db, rt, REORDERED, who, feature, {"order": before}, {"order": order}, "decision_feature"
        )
    return [wire(by_id[rule_id]) for rule_id in order]


def _spread(priorities: list[int]) -> list[int]:
    """Ascending priorities made strictly ascending (a tie would leave the order to the ids),
    renumbered by tens when that would pass the largest priority."""
    spread: list[int] = []
    for priority in priorities:
        spread.append(priority if not spread else max(priority, spread[-1] + 1))
    if spread and spread[-1] > MAX_PRIORITY:
        return [10 * (i + 1) for i in range(len(spread))]
    return spread


def show(db: Session, rule_id: int) -> RuleOut:
    return wire(_existing(db, rule_id))


def listing(db: Session, feature: str | None) -> list[RuleOut]:
    return [wire(row) for row in repository.all_rules(db, feature)]


def delete(db: Session, rt: Runtime, rule_id: int, who: Who = NOBODY) -> None:
    row = _existing(db, rule_id)
    before = _audited(row)
    db.delete(row)
    db.flush()
    _record(db, rt, DELETED, who, str(rule_id), before, None)
