"""Money as Braintree keeps it: Decimal dollars with two places, up to its largest amount.

`Money` stores it as integer cents, exact on SQLite (which has no decimal type); billing's
tables and the embedded sandbox's use the same column type.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import BigInteger
from sqlalchemy.types import TypeDecorator

CENT = Decimal("0.01")
MAX_AMOUNT = Decimal("99999999.99")  # Braintree's largest amount


class Money(TypeDecorator[Decimal]):
    """Decimal dollars stored as integer cents: exact on SQLite, which has no decimal type."""

    impl = BigInteger
    cache_ok = True

    def process_bind_param(self, value: Decimal | None, dialect: Any) -> int | None:
        if value is None:
            return None
        cents = value / CENT
        if cents != cents.to_integral_value():
            raise ValueError(f"{value} has more than two decimal places")
        return int(cents)

    def process_result_value(self, value: int | None, dialect: Any) -> Decimal | None:
        return None if value is None else (Decimal(value) * CENT).quantize(CENT)
