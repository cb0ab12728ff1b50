"""The staff domain's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.staff.cookies import PENDING_COOKIE, STAFF_COOKIE
from masthead.staff.service import console_refused

__all__ = ["PENDING_COOKIE", "STAFF_COOKIE", "console_refused"]
