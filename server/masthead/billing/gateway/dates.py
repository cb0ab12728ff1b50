"""Billing calendar arithmetic, as Braintree does it (no I/O)."""

from __future__ import annotations

import calendar
from datetime import date, timedelta

LAST_DAY = 31  # Braintree keeps billing days 29-31 as "the last day of the month"


def billing_day_for(start: date) -> int:
    return LAST_DAY if start.day >= 29 else start.day


def add_months(start: date, months: int, day: int | None = None) -> date:
    """The given day (default start's) of the month `months` after start, clamped to its end."""
    index = start.year * 12 + start.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day or start.day, last))


def next_cycle(billing_date: date, frequency: int, billing_day: int) -> date:
    """The billing date one cycle of `frequency` months after billing_date."""
    return add_months(billing_date, frequency, billing_day)


def trial_end(start: date, duration: int, unit: str) -> date:
    """The first billing date after a trial starting on start."""
    if unit == "month":
        return add_months(start, duration)
    return start + timedelta(days=duration)
