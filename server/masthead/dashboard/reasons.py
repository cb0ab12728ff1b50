"""Cancel reasons as the dashboard names them. The account area's cancel dialog sends one of
its codes (web/src/account/membership/CancelDialog.tsx, CANCEL_REASONS: the same sentences);
Masthead itself cancels for print home delivery and for support. Any other text came from a
caller of the API and is shown as it is."""

from __future__ import annotations

NO_REASON = "none"
LESS_COMMON = "less-common"
SHOWN_REASONS = 5  # the most common ones get a series each; the rest share one

LABELS = {
    "too-expensive": "It costs too much",
    "not-using": "I don\u2019t use it enough",
    "content": "I\u2019m not happy with the coverage",
    "technical": "I had technical problems",
    "other": "Another reason",
    "home-delivery": "Moved to print home delivery",
    "Cancelled by support": "Cancelled by support",
    NO_REASON: "No reason given",
    LESS_COMMON: "Less common reasons",
}


def reason_key(reason: str) -> str:
    return reason.strip() or NO_REASON


def label(key: str) -> str:
    return LABELS.get(key, key)
