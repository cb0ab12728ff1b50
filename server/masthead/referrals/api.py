"""Referrals's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.referrals.conversions import record_conversion
from masthead.referrals.errors import ReferralError
from masthead.referrals.service import issue_user_jwt

__all__ = [
    "ReferralError",
    "issue_user_jwt",
    "record_conversion",
]
