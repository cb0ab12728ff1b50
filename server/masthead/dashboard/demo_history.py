"""A believable year of members for `make run`'s dashboard: who joined when, on which plan,
with or without a trial, every charge, the cancellations with their reasons, a few failed
renewals, plan switches and refunds, and who referred whom. Pure and deterministic: the same
`now` and plans give the same history (seed.py writes it through billing's and referrals'
tables). Demo content only: production never seeds it (MASTHEAD_SEED_DEMO=false).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from masthead.dashboard.ranges import months_back

SEED = 20261127
MEMBERS = 320
EMAIL_DOMAIN = "members.example.com"
FIRST_NAMES = (
    "Ava", "Ben", "Chloe", "Dev", "Elena", "Farid", "Grace", "Hugo", "Iris", "Jamal", "Kenji",
    "Lena", "Mateo", "Nora", "Omar", "Priya", "Quinn", "Rosa", "Sam", "Tara", "Uma", "Victor",
    "Wen", "Yusuf", "Zoe",
)  # fmt: skip
LAST_NAMES = (
    "Adams", "Brennan", "Castillo", "Dubois", "Eriksen", "Fischer", "Gupta", "Hoang", "Ito",
    "Jensen", "Kowalski", "Lopez", "Murphy", "Nakamura", "Okafor", "Petrov", "Rossi", "Silva",
    "Thompson", "Usman", "Varga", "Walsh", "Yilmaz", "Zhang",
)  # fmt: skip
# The cancel dialog's reasons (reasons.py) and how often readers pick each; "" gives none.
REASONS = (
    ("too-expensive", 30),
    ("not-using", 25),
    ("", 17),
    ("content", 12),
    ("other", 10),
    ("technical", 6),
)
# Chance of cancelling in a billing period, by the plan's months; of a trial ending unpaid.
CANCEL_PER_PERIOD = {1: 0.04, 6: 0.10, 12: 0.16}
TRIAL_DROP = 0.3
DECLINE = 0.012  # a renewal the card refuses: Past Due after the gateway's retries
REFUND = 0.02
SWITCH_TO_ANNUAL = 0.03  # a monthly member moves to the annual plan at a renewal
DECLINED = "processor_declined"
SETTLED = "settled"


@dataclass(frozen=True)
class PlanInfo:
    id: str
    name: str
    amount: Decimal
    months: int
    trial_days: int


@dataclass
class Charge:
    at: datetime
    amount: Decimal
    status: str
    refunded: bool = False


@dataclass
class DemoSubscription:
    id: str
    plan: PlanInfo
    created_at: datetime
    first_status: str  # Active, or Pending for a switch that starts later
    first_billing: date
    trial_days: int = 0
    changes: list[tuple[datetime, str]] = field(default_factory=list)
    charges: list[Charge] = field(default_factory=list)
    paid_through: date | None = None
    next_billing: date | None = None
    cancel_reason: str = ""
    follows: str | None = None

    @property
    def status(self) -> str:
        return self.changes[-1][1] if self.changes else self.first_status

    @property
    def converted_at(self) -> datetime | None:
        """The first payment's time, as billing's converted_at records it."""
        return next((c.at for c in self.charges if c.status == SETTLED), None)


@dataclass
class DemoMember:
    index: int
    first_name: str
    last_name: str
    joined: datetime
    subscriptions: list[DemoSubscription] = field(default_factory=list)
    referred_by: int | None = None  # the index of the member whose link they followed

    @property
    def email(self) -> str:
        return f"{self.first_name}.{self.last_name}.{self.index}@{EMAIL_DOMAIN}".lower()

    @property
    def had_trial(self) -> bool:
        return any(s.trial_days for s in self.subscriptions)


def add_months(day: date, months: int) -> date:
    """The same day `months` later (the 29th to 31st become the 28th: a demo needs no more)."""
    first = months_back(day, -months)
    return first.replace(day=min(day.day, 28))


class _Story:
    """One member's year, told with the run's own random numbers."""

    def __init__(self, rng: random.Random, now: datetime, plans: dict[str, PlanInfo]) -> None:
        self.rng, self.now, self.today, self.plans = rng, now, now.date(), plans

    def moment(self, day: date) -> datetime:
        minutes = self.rng.randrange(6 * 60, 22 * 60)
        return datetime.combine(day, time(), self.now.tzinfo) + timedelta(minutes=minutes)

    def reason(self) -> str:
        return self.rng.choices([r for r, _ in REASONS], [w for _, w in REASONS])[0]

    def cancel(self, sub: DemoSubscription, at: datetime, reason: str | None = None) -> None:
        sub.changes.append((at, "Canceled"))
        sub.cancel_reason = self.reason() if reason is None else reason
        sub.next_billing = None  # a cancelled subscription bills no more

    def subscription(self, sid: str, plan: PlanInfo, at: datetime, trial: bool) -> DemoSubscription:
        days = plan.trial_days if trial else 0
        return DemoSubscription(
            id=sid,
            plan=plan,
            created_at=at,
            first_status="Active",
            first_billing=at.date() + timedelta(days=days),
            trial_days=days,
            next_billing=at.date() + timedelta(days=days),
        )

    def run(self, member: DemoMember, sub: DemoSubscription) -> None:
        """Charge each period until today, a cancellation, a failed renewal or a switch."""
        months = sub.plan.months
        if sub.trial_days and self.rng.random() < TRIAL_DROP:
            end = sub.created_at + timedelta(days=self.rng.randrange(1, sub.trial_days))
            if end < self.now:
                self.cancel(sub, end)
                return
        day = sub.first_billing
        while day <= self.today:
            charged = self.moment(day)
            if charged > self.now:
                break
            if (
                sub.charges
                and self.rng.random() < DECLINE
                and day + timedelta(days=16) < self.today
            ):
                # The renewal and the gateway's three retries, five days apart, all refused.
                sub.charges += [
                    Charge(charged + timedelta(days=5 * k), sub.plan.amount, DECLINED)
                    for k in range(4)
                ]
                sub.changes.append((charged, "Past Due"))
                return
            refunded = self.rng.random() < REFUND
            sub.charges.append(Charge(charged, sub.plan.amount, SETTLED, refunded))
            after = add_months(day, months)
            sub.paid_through, sub.next_billing = after - timedelta(days=1), after
            if self.rng.random() < CANCEL_PER_PERIOD.get(months, 0.1):
                at = charged + (self.moment(after) - charged) * self.rng.random()
                if at < self.now:
                    self.cancel(sub, at)
                    return
            if months == 1 and len(sub.charges) >= 3 and self.rng.random() < SWITCH_TO_ANNUAL:
                self.switch(member, sub, charged, after)
                return
            day = after

    def switch(
        self, member: DemoMember, old: DemoSubscription, after: datetime, start: date
    ) -> None:
        annual = self.plans.get("sports-annual")
        if annual is None:
            return
        at = after + (self.moment(start) - after) * self.rng.random()
        if at >= self.now:
            return
        self.cancel(old, at, reason="")
        new = DemoSubscription(
            id=f"{old.id}-s",
            plan=annual,
            created_at=at,
            first_status="Pending",
            first_billing=start,
            follows=old.id,
            next_billing=start,
        )
        member.subscriptions.append(new)
        if start <= self.today:
            new.changes.append((self.moment(start).replace(hour=0, minute=5), "Active"))
            self.run(member, new)


def demo_members(now: datetime, plans: dict[str, PlanInfo]) -> list[DemoMember]:
    """The year before `now`: MEMBERS members, more of them lately, as a growing title has."""
    rng = random.Random(SEED)  # noqa: S311 (demo data, deterministic on purpose)
    story = _Story(rng, now, plans)
    start = now - timedelta(days=365)
    weights = {"sports-monthly": 60, "sports-annual": 25, "sports-six-month": 15}
    choices = [p for p in weights if p in plans]
    members: list[DemoMember] = []
    for index in range(MEMBERS):
        joined = start + (now - start) * (rng.random() ** 0.75)
        member = DemoMember(index, rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES), joined)
        plan = plans[rng.choices(choices, [weights[p] for p in choices])[0]]
        sub = story.subscription(
            f"demo-{index:04d}", plan, joined, plan.trial_days > 0 and rng.random() < 0.65
        )
        member.subscriptions.append(sub)
        story.run(member, sub)
        earlier = [m for m in members if m.joined < joined - timedelta(days=3)]
        if earlier and rng.random() < 0.18:
            member.referred_by = rng.choice(earlier).index
        members.append(member)
    return sorted(members, key=lambda m: m.joined)
