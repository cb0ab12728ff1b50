"""The profile's hyphenated keys: types, defaults, who may write them, and value rules.

Pure: no I/O. Keys the reader writes from the account area are READER_WRITABLE; the rest are
kept by Masthead's services (social sign-in, billing, referrals) and only read by clients.
"""

from __future__ import annotations

import re
from typing import Any

from masthead.identity.initials import initials as initials  # the spec's rule, any script

STRING_KEYS = {
    "full-name": 200,
    "first-name": 100,
    "last-name": 100,
    "display-name": 50,
    "sso-provider": 20,
    "gender": 40,
    "age-group": 40,
    "referral-code": 64,
    "bio": 500,
    "location": 100,
    "phone-number": 32,
    "image-url": 2048,
    "avatar-color": 7,
    "current-plan": 100,
    "paused-length": 10,
    "pause-reason": 200,
    "pause-reason-text": 1000,
    "cancel-reason": 200,
    "cancel-reason-text": 1000,
    "billing-state": 2,  # kept by billing's postal-code call
    "billing-postal-code": 10,
}
BOOLEAN_KEYS = {
    "sso-user",
    "apple-authenticated",
    "google-authenticated",
    "facebook-authenticated",
    "onboarded",
    "notification-mentioned",
    "notification-liked",
    "notification-reply",
    "notification-follower",
    "private-profile",
    "paused",
    "had-trial",
}
INTEGER_KEYS = {"birth-month": (1, 12), "birth-day": (1, 31)}
LIST_KEYS = {"payment-method-update-log", "payment-method-edit-log"}

ALL_KEYS = set(STRING_KEYS) | BOOLEAN_KEYS | set(INTEGER_KEYS) | LIST_KEYS

READER_WRITABLE = {
    "full-name",
    "first-name",
    "last-name",
    "display-name",
    "gender",
    "birth-month",
    "birth-day",
    "age-group",
    "onboarded",
    "notification-mentioned",
    "notification-liked",
    "notification-reply",
    "notification-follower",
    "private-profile",
    "avatar-color",
    "bio",
    "location",
    "phone-number",
    "image-url",
    "pause-reason",
    "pause-reason-text",
    "cancel-reason",
    "cancel-reason-text",
}

DEFAULTS: dict[str, Any] = {
    **dict.fromkeys(STRING_KEYS, ""),
    **dict.fromkeys(BOOLEAN_KEYS, False),
    **dict.fromkeys(INTEGER_KEYS),
    **{key: [] for key in LIST_KEYS},
    "avatar-color": "#000000",
}

HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
PHONE = re.compile(r"^\+?[0-9 ()\-.]{4,32}$")
SECURE_URL = re.compile(r"^https://[^\s/$.?#][^\s]*$")
# Text keys whose value, when not empty (empty clears it), must have a form, and the sentence
# that says so. Written so that ECMAScript reads each pattern alike: the OpenAPI document
# hands them to the account area's forms (schemas.ProfileUpdate).
PATTERNS: dict[str, tuple[re.Pattern[str], str]] = {
    "avatar-color": (HEX_COLOUR, "The avatar-color field must be a colour like #1a2b3c."),
    "phone-number": (
        PHONE,
        "The phone-number field must be a phone number, like +1 212 555 0100.",
    ),
    "image-url": (
        SECURE_URL,
        "The image-url field must be a secure address starting with https://.",
    ),
}
LOG_LENGTH = 3
# Words other readers see: they go through moderation's profanity check before they are kept
# (the spec, section 5), each named for the refusal as a reader calls it.
SCREENED_TEXT = {"display-name": "Your display name", "bio": "Your bio"}


# The most days each month can have (February's 29: a birthday has no year).
MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
BIRTHDAY_MISMATCH = "The birth-day field must be a day of the birth month: {month} has {days}."
_MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip


def birthday_problem(month: int | None, day: int | None) -> str | None:
    """Why a birth month and day cannot go together (April 31st), or None."""
    if month is None or day is None or day <= MONTH_DAYS[month - 1]:
        return None
    return BIRTHDAY_MISMATCH.format(month=_MONTH_NAMES[month - 1], days=MONTH_DAYS[month - 1])


class ProfileValueError(ValueError):
    """A value a person must correct; the message says how."""


def read_profile(stored: dict[str, Any]) -> dict[str, Any]:
    """The full profile with defaults for every key never written."""
    return {**DEFAULTS, **{k: v for k, v in stored.items() if k in ALL_KEYS}}


def clean_value(key: str, value: Any) -> Any:
    if key in STRING_KEYS:
        return _clean_string(key, value)
    if key in BOOLEAN_KEYS:
        if not isinstance(value, bool):
            raise ProfileValueError(f"The {key} field must be true or false.")
        return value
    if key in INTEGER_KEYS:
        low, high = INTEGER_KEYS[key]
        if value is None or value == "":
            return None
        if isinstance(value, float) and value.is_integer():
            value = int(value)  # 3.0 is an integer to JSON (and to the OpenAPI document)
        if isinstance(value, bool) or not isinstance(value, int | str):
            raise ProfileValueError(f"The {key} field must be a number from {low} to {high}.")
        try:
            number = int(value)
        except ValueError:
            raise ProfileValueError(
                f"The {key} field must be a number from {low} to {high}."
            ) from None
        if not low <= number <= high:
            raise ProfileValueError(f"The {key} field must be a number from {low} to {high}.")
        return number
    if key in LIST_KEYS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ProfileValueError(f"The {key} field must be a list of dates.")
        return value[-LOG_LENGTH:]
    raise ProfileValueError(f"The {key} field does not exist.")


def _clean_string(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ProfileValueError(f"The {key} field must be text.")
    text: str = value.strip()
    limit = STRING_KEYS[key]  # in characters (code points), as JSON Schema's maxLength
    if len(text) > limit:
        raise ProfileValueError(f"The {key} field can be at most {limit} characters.")
    if text and key in PATTERNS:
        pattern, message = PATTERNS[key]
        if not pattern.match(text):
            raise ProfileValueError(message)
    return text


def complete_names(update: dict[str, Any], current: dict[str, Any]) -> dict[str, Any]:
    """Keep full-name, first-name and last-name in step whichever of them was sent."""
    names = dict(update)
    if "full-name" in names and not ({"first-name", "last-name"} & names.keys()):
        first, _, last = str(names["full-name"]).partition(" ")
        # Derived, so kept within their own limits: a long one-word full name must not store
        # a first name that the account area's form would then refuse to save.
        names["first-name"] = first[: STRING_KEYS["first-name"]]
        names["last-name"] = last.strip()[: STRING_KEYS["last-name"]]
    elif {"first-name", "last-name"} & names.keys() and "full-name" not in names:
        first = names.get("first-name", current.get("first-name", ""))
        last = names.get("last-name", current.get("last-name", ""))
        names["full-name"] = f"{first} {last}".strip()
    return names
