"""Every decision-rules query."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.orm import Session

from masthead.db import PinnedReader
from masthead.decisions.models import DecisionRule

# The columns a decision reads, as plain rows (no ORM instances): the per-view features'.
_ENABLED = (
    select(DecisionRule.id, DecisionRule.priority, DecisionRule.conditions, DecisionRule.output)
    .where(DecisionRule.feature == bindparam("feature"), DecisionRule.enabled.is_(True))
    .order_by(DecisionRule.priority, DecisionRule.id)
)


def enabled_rules(db: Session, feature: str) -> Sequence[DecisionRule]:
    return db.scalars(
        select(DecisionRule)
        .where(DecisionRule.feature == feature, DecisionRule.enabled.is_(True))
        .order_by(DecisionRule.priority, DecisionRule.id)
    ).all()


async def enabled_rule_rows_awaited(
    reads: PinnedReader, feature: str
) -> list[tuple[int, int, Any, Any]]:
    """enabled_rules' id, priority, conditions and output, awaited on the hot reader:
    committed rows, read per request, so an edit counts at once in every process."""
    return [
        (int(r[0]), int(r[1]), r[2], r[3])
        for r in await reads.all_awaited(_ENABLED, {"feature": feature})
    ]


def all_rules(db: Session, feature: str | None = None) -> Sequence[DecisionRule]:
    query = select(DecisionRule).order_by(
        DecisionRule.feature, DecisionRule.priority, DecisionRule.id
    )
    if feature:
        query = query.where(DecisionRule.feature == feature)
    return db.scalars(query).all()


def rule(db: Session, rule_id: int) -> DecisionRule | None:
    return db.get(DecisionRule, rule_id)


def count(db: Session, feature: str) -> int:
    found = db.scalar(select(func.count()).where(DecisionRule.feature == feature))
    return int(found or 0)
