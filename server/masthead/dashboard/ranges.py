"""The date range a chart covers and its buckets (UTC months or days). Pure: no I/O.

Defaults: the last 12 months by month (this month included), the last 30 days by day. A range
is refused (400 bad-range) when it ends before it starts, is longer than a chart can draw, or
lies outside the years Masthead can have data for.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from masthead.dashboard.schemas import Bucket
from masthead.errors import ApiError

MAX_MONTHS = 60
MAX_DAYS = 366
DEFAULT_MONTHS = 12
DEFAULT_DAYS = 30
EARLIEST = date(2000, 1, 1)
LATEST = date(2099, 12, 31)


def _month_start(day: date) -> date:
    return day.replace(day=1)


def next_month(day: date) -> date:
    """The first day of the month after `day`'s."""
    return (day.replace(day=28) + timedelta(days=4)).replace(day=1)


def months_back(day: date, months: int) -> date:
    """The first day of the month `months` before `day`'s."""
    index = day.year * 12 + day.month - 1 - months
    return date(index // 12, index % 12 + 1, 1)


def midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


@dataclass(frozen=True)
class Range:
    bucket: Bucket
    start: date  # the first day counted
    end: date  # the last day counted

    @property
    def lower(self) -> datetime:
        """The first instant counted."""
        return midnight(self.start)

    @property
    def upper(self) -> datetime:
        """The first instant after the range."""
        return midnight(self.end + timedelta(days=1))

    def starts(self) -> list[date]:
        """The first day of each bucket."""
        days, day = [], self.start
        while day <= self.end:
            days.append(day)
            day = next_month(day) if self.bucket == "month" else day + timedelta(days=1)
        return days

    def labels(self) -> list[str]:
        return [key(day, self.bucket) for day in self.starts()]

    def bucket_ends(self) -> list[datetime]:
        """The first instant after each bucket."""
        step = next_month if self.bucket == "month" else (lambda d: d + timedelta(days=1))
        return [midnight(step(day)) for day in self.starts()]


def key(day: date, bucket: Bucket) -> str:
    return day.isoformat()[:7] if bucket == "month" else day.isoformat()


def _refuse(message: str) -> ApiError:
    return ApiError(400, "bad-range", message)


def _within(name: str, day: date | None) -> None:
    if day is not None and not EARLIEST <= day <= LATEST:
        raise _refuse(
            f"The {name} date {day.isoformat()} is outside the years the dashboard "
            f"covers ({EARLIEST.year} to {LATEST.year})."
        )


def _check(start: date, end: date) -> None:
    if start > end:
        raise _refuse(
            f"The range must start on or before its end: from {start.isoformat()} is after "
            f"to {end.isoformat()}."
        )


def by_month(start: date | None, end: date | None, today: date) -> Range:
    """Whole months from `start`'s month to `end`'s (default: the 12 months to today)."""
    _within("from", start)
    _within("to", end)
    last = end or today
    first = start or months_back(last, DEFAULT_MONTHS - 1)
    _check(first, last)
    first, last = _month_start(first), next_month(last) - timedelta(days=1)
    count = (last.year - first.year) * 12 + last.month - first.month + 1
    if count > MAX_MONTHS:
        raise _refuse(
            f"A chart by month covers at most {MAX_MONTHS} months; this range has {count}. "
            "Ask for a shorter one."
        )
    return Range("month", first, last)


def by_day(start: date | None, end: date | None, today: date) -> Range:
    """Days from `start` to `end` (default: the 30 days to today)."""
    _within("from", start)
    _within("to", end)
    last = end or today
    first = start or last - timedelta(days=DEFAULT_DAYS - 1)
    _check(first, last)
    count = (last - first).days + 1
    if count > MAX_DAYS:
        raise _refuse(
            f"A chart by day covers at most {MAX_DAYS} days; this range has {count}. "
            "Ask for a shorter one, or see the chart by month."
        )
    return Range("day", first, last)
