"""The context every sandbox operation runs in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy.orm import Session

from masthead.braintree_sandbox import repository
from masthead.braintree_sandbox.models import (
    SandboxDiscount,
    SandboxPaymentMethod,
    SandboxTransaction,
)
from masthead.clock import Clock
from masthead.settings import Settings


@dataclass
class Batch:
    """A billing run's chunk of subscriptions: what it read, one query per kind, so a cycle
    reads nothing more, and what it writes, sent in one statement per kind at the end.

    Every subscription of the chunk has an entry (maybe empty) in discounts and transactions;
    payment methods are keyed by token."""

    payment_methods: dict[str, SandboxPaymentMethod] = field(default_factory=dict)
    discounts: dict[str, list[SandboxDiscount]] = field(default_factory=dict)
    transactions: dict[str, list[SandboxTransaction]] = field(default_factory=dict)  # newest 1st
    new_transactions: list[SandboxTransaction] = field(default_factory=list)  # in charge order
    webhooks: list[dict[str, Any]] = field(default_factory=list)  # outbox payloads, in order


@dataclass
class Ctx:
    """One unit of sandbox work: its session, the time it happens at, the merchant keys."""

    db: Session
    clock: Clock
    settings: Settings
    now: datetime
    batch: Batch | None = None  # set inside a billing run's chunk

    @property
    def today(self) -> date:
        return self.now.date()

    @classmethod
    def at_clock(
        cls, db: Session, clock: Clock, settings: Settings, batch: Batch | None = None
    ) -> Ctx:
        # Whole seconds, as Braintree's timestamps: both gateways then report equal times.
        return cls(db, clock, settings, clock.now().replace(microsecond=0), batch)

    def flush(self) -> None:
        """Write the pending changes now; a billing run's chunk writes once, at its end."""
        if self.batch is None:
            self.db.flush()

    def payment_method(self, token: str) -> SandboxPaymentMethod | None:
        if self.batch is not None and token in self.batch.payment_methods:
            return self.batch.payment_methods[token]
        return repository.payment_method(self.db, token)

    def discounts(self, subscription_id: str) -> Sequence[SandboxDiscount]:
        if self.batch is not None and subscription_id in self.batch.discounts:
            return self.batch.discounts[subscription_id]
        return repository.discounts(self.db, subscription_id)

    def transactions(self, subscription_id: str) -> Sequence[SandboxTransaction]:
        """The subscription's charges, newest first."""
        if self.batch is not None and subscription_id in self.batch.transactions:
            return self.batch.transactions[subscription_id]
        return repository.transactions(self.db, subscription_id)

    def add_transaction(self, row: SandboxTransaction) -> None:
        if self.batch is None:
            self.db.add(row)
            return
        self.batch.new_transactions.append(row)
        if row.subscription_id in self.batch.transactions:
            self.batch.transactions[row.subscription_id].insert(0, row)
