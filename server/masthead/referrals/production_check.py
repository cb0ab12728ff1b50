"""What production must not run with in the referral service: read by masthead.production.

A test-mode tenant answers widget calls without a user JWT (anyone may act as any user), and
a tenant's API key both authenticates the tenant API and signs its users' JWTs (HS256), so a
short one can be guessed offline from a single token.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.referrals.models import Tenant

MIN_KEY_BYTES = 32


def unsafe_tenants(db: Session) -> list[str]:
    """One sentence for each tenant unfit for production; empty when all are fit."""
    problems: list[str] = []
    rows = db.execute(
        select(Tenant.alias, Tenant.mode, Tenant.api_key)
        .where(Tenant.deleted_at.is_(None))  # a deleted tenant answers no call
        .order_by(Tenant.alias)
    )
    for alias, mode, api_key in rows:
        if mode == "test":
            problems.append(
                f"referral tenant {alias!r} is in test mode (widget calls without a user "
                "JWT are accepted); switch it to live mode or delete it"
            )
        size = len(api_key.encode())
        if size < MIN_KEY_BYTES:
            problems.append(
                f"referral tenant {alias!r} has an API key of {size} bytes; give it a random "
                f"key of at least {MIN_KEY_BYTES} bytes"
            )
    return problems
