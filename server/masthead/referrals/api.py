"""Referrals's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.referrals.conversions import record_conversion
from masthead.referrals.errors import ReferralError
from masthead.referrals.models import Programme, Referral, ReferralUser, Reward, Tenant
from masthead.referrals.reader_view import ReaderReferral, ReaderReferrals, reader_referrals
from masthead.referrals.service import issue_user_jwt

__all__ = [
    "Programme",
    "ReaderReferral",
    "ReaderReferrals",
    "Referral",
    "ReferralError",
    "ReferralUser",
    "Reward",
    "Tenant",
    "issue_user_jwt",
    "reader_referrals",
    "record_conversion",
]
