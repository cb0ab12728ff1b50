"""Braintree's sandbox CVV test values and the sandbox merchant's CVV rules (no I/O).

In Braintree's sandbox the CVV decides the verification's `cvv_response_code`: 200 (2000 for
American Express) does not match (N), 201 (2011) is not verified (U), 301 (3011) is from an
issuer that does not take part (S), any other CVV matches (M), and none is "not provided"
(I). The sandbox merchant runs the CVV rules Braintree recommends for re-verifying a card:
a verification whose CVV does not match or is not verified is gateway-rejected ("cvv").

A nonce carries its CVV's answer in its `behaviour` column as "cvv:<code>"; a CVV is never
stored. The answer belongs to that one verification: it is not copied onto a vaulted card.
"""

from __future__ import annotations

from masthead.billing.api import CVV_REJECTION_REASON

CVV_ONLY = "CvvOnly"  # the kind of a nonce that holds nothing but a CVV
MATCHES = "M"
DOES_NOT_MATCH = "N"
NOT_VERIFIED = "U"
ISSUER_NOT_PARTICIPATING = "S"
NOT_PROVIDED = "I"

TEST_VALUES = {
    "200": DOES_NOT_MATCH,
    "2000": DOES_NOT_MATCH,
    "201": NOT_VERIFIED,
    "2011": NOT_VERIFIED,
    "301": ISSUER_NOT_PARTICIPATING,
    "3011": ISSUER_NOT_PARTICIPATING,
}
REJECTED = frozenset({DOES_NOT_MATCH, NOT_VERIFIED})
REJECTION_REASON = CVV_REJECTION_REASON
_PREFIX = "cvv:"


def response_code(cvv: str) -> str:
    if not cvv:
        return NOT_PROVIDED
    return TEST_VALUES.get(cvv, MATCHES)


def well_formed(cvv: str) -> bool:
    """Three digits, or four (American Express); a CVV-only field does not know the card."""
    return cvv.isdigit() and len(cvv) in (3, 4)


def tag(code: str) -> str:
    return f"{_PREFIX}{code}"


def code_of(behaviour: str) -> str | None:
    """The CVV answer a nonce carries, or None when it carries none."""
    return behaviour[len(_PREFIX) :] if behaviour.startswith(_PREFIX) else None


def card_behaviour(behaviour: str) -> str:
    """What a vaulted card keeps of a nonce's behaviour: its own, never a CVV answer."""
    return "" if code_of(behaviour) is not None else behaviour
