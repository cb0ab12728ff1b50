"""The decision rules table: each feature's rules, editable without a deploy."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from masthead.db import Base, UTCDateTime


class DecisionRule(Base):
    """One rule of one feature (rules.py says how conditions match, outputs.py what each
    feature's output holds). Every decision reads them through rule_cache.py, which keeps
    them up to a second in other processes."""

    __tablename__ = "decision_rules"
    __table_args__ = (Index("ix_decision_rules_feature_priority", "feature", "priority"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    feature: Mapped[str] = mapped_column(String(64))
    priority: Mapped[int] = mapped_column(Integer)
    enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    description: Mapped[str] = mapped_column(String(300), default="")
    conditions: Mapped[dict[str, Any]] = mapped_column(JSON)
    output: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(timezone=True))
