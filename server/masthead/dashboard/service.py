"""The dashboard's charts: the range asked for, the repository's counts, zero-filled into one
value per bucket. Read only: nothing here writes.

Who sees what (the routes check it): every staff role sees the charts of members, trials,
cancellations and referrals; revenue is for marketing (and admins, who hold every role).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date

from sqlalchemy.orm import Session

from masthead.dashboard import members, reasons, repository
from masthead.dashboard.ranges import Range, by_day, by_month, next_month
from masthead.dashboard.schemas import Chart, ChartId, Series
from masthead.deps import Runtime

# Masthead's plans are priced in dollars and its Braintree merchant account charges in them.
CURRENCY = "USD"

ChartBuilder = Callable[[Session, Runtime, date | None, date | None], Chart]


def _values(rng: Range, counts: Counter[str]) -> list[int]:
    return [counts[label] for label in rng.labels()]


def _chart(rng: Range, chart: ChartId, title: str, **fields: object) -> Chart:
    return Chart.model_validate(
        {
            "chart": chart,
            "title": title,
            "bucket": rng.bucket,
            "start": rng.start,
            "end": rng.end,
            "buckets": rng.labels(),
            **fields,
        }
    )


def _series(rng: Range, key: str, label: str, rows: Iterable[tuple[str, int]]) -> Series:
    counts: Counter[str] = Counter()
    for bucket, n in rows:
        counts[bucket] += n
    return Series(key=key, label=label, values=_values(rng, counts))


def members_by_status(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    now = rt.clock.now()
    return members.members_by_status(db, by_month(start, end, now.date()), now)


def new_members(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    rng = by_day(start, end, rt.clock.now().date())
    rows = repository.new_memberships(db, rng.lower, rng.upper)
    return _chart(
        rng,
        "new-members",
        "New members",
        unit="memberships",
        stacked=True,
        series=[
            _series(rng, "trial", "Started a free trial", ((d, n) for d, t, n in rows if t)),
            _series(rng, "paid", "Paid from the start", ((d, n) for d, t, n in rows if not t)),
        ],
        note="Memberships started each day (UTC). Plan changes, pauses and restarts continue "
        "a membership and are not counted.",
    )


TRIAL_OUTCOMES = (
    ("converted", "Converted to paid"),
    ("running", "Still in the trial"),
    ("ended", "Ended without paying"),
)


def trials(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    rng = by_month(start, end, rt.clock.now().date())
    rows = repository.trials(db, rng.lower, rng.upper)
    return _chart(
        rng,
        "trials",
        "Trials converting",
        unit="trials",
        stacked=True,
        series=[
            _series(rng, key, label, ((m, n) for m, o, n in rows if o == key))
            for key, label in TRIAL_OUTCOMES
        ],
        note="Free trials by the month they started, and what became of them: the first "
        "payment came, the trial still runs (or its first charge is being taken), or it was "
        "cancelled or its payment failed.",
    )


def cancellations(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    rng = by_month(start, end, rt.clock.now().date())
    rows = [
        (m, reasons.reason_key(r), n)
        for m, r, n in repository.cancellations(db, rng.lower, rng.upper)
    ]
    totals: Counter[str] = Counter()
    for _, key, n in rows:
        totals[key] += n
    ranked = sorted(totals, key=lambda k: (-totals[k], reasons.label(k)))
    shown = ranked[: reasons.SHOWN_REASONS]
    if len(ranked) == reasons.SHOWN_REASONS + 1:  # one more: no need to lump it with nothing
        shown = ranked
    series = [
        _series(rng, key, reasons.label(key), ((m, n) for m, k, n in rows if k == key))
        for key in shown
    ]
    if len(shown) < len(ranked):
        rest = ((m, n) for m, k, n in rows if k not in shown)
        series.append(_series(rng, reasons.LESS_COMMON, reasons.label(reasons.LESS_COMMON), rest))
    return _chart(
        rng,
        "cancellations",
        "Cancellations and their reasons",
        unit="cancellations",
        stacked=True,
        series=series,
        note="Memberships cancelled each month, by the reason given, the most common first. "
        "A subscription replaced by a pause, plan change or restart is not a cancellation.",
    )


def revenue(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    rng = by_month(start, end, rt.clock.now().date())
    after = next_month(rng.end).isoformat()[:7]
    rows = repository.revenue(db, rng.labels()[0], after)
    return _chart(
        rng,
        "revenue",
        "Revenue per month",
        unit="cents",
        currency=CURRENCY,
        stacked=True,
        series=[
            _series(rng, "net", "Net revenue", ((m, c) for m, refunded, c in rows if not refunded)),
            _series(rng, "refunded", "Refunded", ((m, c) for m, refunded, c in rows if refunded)),
        ],
        note=f"Membership charges that went through, in {CURRENCY}, by the month they were "
        "made; a refunded charge counts as refunded in that month (its refund's own date is "
        "not recorded). Net revenue is what was kept.",
    )


def referral_conversions(db: Session, rt: Runtime, start: date | None, end: date | None) -> Chart:
    rng = by_month(start, end, rt.clock.now().date())
    tenant = rt.settings.referral_tenant
    made, converted = repository.referrals(db, tenant, rng.lower, rng.upper)
    return _chart(
        rng,
        "referral-conversions",
        "Referral conversions",
        unit="referrals",
        stacked=False,
        series=[
            _series(rng, "referred", "Friends referred", made),
            _series(rng, "converted", "Referrals converted", converted),
        ],
        note=f"The publisher's referral programme (tenant {tenant}): friends who joined through "
        "a member's link each month, and referrals that converted (the friend's first "
        "payment) each month.",
    )


BUILDERS: dict[ChartId, ChartBuilder] = {
    "members-by-status": members_by_status,
    "new-members": new_members,
    "trials": trials,
    "cancellations": cancellations,
    "revenue": revenue,
    "referral-conversions": referral_conversions,
}
