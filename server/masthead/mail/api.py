"""Mail's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.mail.compose import EXTRA_HEADERS, Mail
from masthead.mail.service import mark_sent, send_mail, send_once

__all__ = [
    "EXTRA_HEADERS",
    "Mail",
    "mark_sent",
    "send_mail",
    "send_once",
]
