"""Site's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.site.brands import MEMBERSHIP, Brand, brand_for_host
from masthead.site.entitlement import account_status, session_reads_awaited
from masthead.site.render import favicon_link
from masthead.site.repository import SessionReads

__all__ = [
    "MEMBERSHIP",
    "Brand",
    "SessionReads",
    "account_status",
    "brand_for_host",
    "favicon_link",
    "session_reads_awaited",
]
