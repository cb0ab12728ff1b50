"""Phone numbers for texts, pure: a reader's input in international format, validated and
normalised to E.164 (phonenumbers, Google's libphonenumber data), and masked for display."""

from __future__ import annotations

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, PhoneNumberType

INTERNATIONAL = "Enter your mobile number in international format, like +1 212 555 0100."
NOT_MOBILE = (
    "That number looks like a landline or a service number, which cannot receive texts. "
    "Enter a mobile number, like +1 212 555 0100."
)
# Numbers that can receive texts. In the US and Canada the data cannot tell a mobile from a
# landline (FIXED_LINE_OR_MOBILE), so those pass; a real provider's lookup refuses the rest.
TEXTABLE = frozenset({PhoneNumberType.MOBILE, PhoneNumberType.FIXED_LINE_OR_MOBILE})


class PhoneError(ValueError):
    """A number we cannot text; the message says what to enter instead."""


def to_e164(raw: str) -> str:
    """The number in E.164 (+12125550100), or PhoneError with a sentence for the reader."""
    text = raw.strip()
    if not text.startswith(("+", "00")):  # no country: never guess one
        raise PhoneError(INTERNATIONAL)
    if text.startswith("00"):
        text = "+" + text[2:]
    try:
        number = phonenumbers.parse(text, None)
    except NumberParseException:
        raise PhoneError(INTERNATIONAL) from None
    if not phonenumbers.is_valid_number(number):
        raise PhoneError(INTERNATIONAL)
    if phonenumbers.number_type(number) not in TEXTABLE:
        raise PhoneError(NOT_MOBILE)
    return phonenumbers.format_number(number, PhoneNumberFormat.E164)


def display(e164: str) -> str:
    """+12125550100 as a person writes it: +1 212-555-0100."""
    return phonenumbers.format_number(
        phonenumbers.parse(e164, None), PhoneNumberFormat.INTERNATIONAL
    )


def masked(e164: str) -> str:
    """All but the last two digits hidden (+1 •••-•••-••00): for pages others may see."""
    shown = display(e164)
    digits = sum(ch.isdigit() for ch in shown)
    country = len(str(phonenumbers.parse(e164, None).country_code))
    out, seen = [], 0
    for ch in shown:
        if ch.isdigit():
            seen += 1
            keep = seen <= country or seen > digits - 2
            out.append(ch if keep else "•")
        else:
            out.append(ch)
    return "".join(out)
