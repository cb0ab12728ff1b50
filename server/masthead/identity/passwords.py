"""Password rules and argon2id hashing."""

from __future__ import annotations

from functools import cache

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError

from masthead.identity.breached_passwords import is_breached
from masthead.settings import Settings

MIN_LENGTH = 8
MAX_LENGTH = 1024  # hashing a megabyte of "password" is a cheap denial of service
# Messages, not secrets (S105).
WEAK_PASSWORD_MESSAGE = "Password must be at least 8 characters with one uppercase letter."  # noqa: S105
BREACHED_PASSWORD_MESSAGE = (
    "This password appears in lists of passwords exposed in data breaches, so it is easy to "  # noqa: S105
    "guess, even with digits or symbols added. Please choose a less common password."
)

# MASTHEAD_PASSWORD_HASHING: argon2id with the library's recommended parameters (RFC 9106's
# low-memory choice), or at its cheapest for test suites (a fifth of a second of CPU per hash
# was most of the suite's time; production refuses it).
_HASHERS = {
    "recommended": PasswordHasher.from_parameters(profiles.RFC_9106_LOW_MEMORY),
    "minimal": PasswordHasher.from_parameters(profiles.CHEAPEST),
}


def _hasher(settings: Settings) -> PasswordHasher:
    return _HASHERS[settings.password_hashing]


@cache
def _dummy_hash(hashing: str) -> str:
    """Verified against when the account does not exist, so both paths cost the same."""
    return _HASHERS[hashing].hash("Not-a-real-password-0")


def meets_minimum(password: str) -> bool:
    """The spec's rule (section 5): at least 8 characters with one uppercase letter."""
    return MIN_LENGTH <= len(password) <= MAX_LENGTH and any(c.isupper() for c in password)


def weakness(password: str) -> str | None:
    """Why a new password is refused, as a sentence for the reader; None when it may be set.

    The spec's rule is the minimum; a password that meets it can still be one of the first
    an attacker tries, so the breach list is checked too.
    """
    if not meets_minimum(password):
        return WEAK_PASSWORD_MESSAGE
    if is_breached(password):
        return BREACHED_PASSWORD_MESSAGE
    return None


def hash_password(settings: Settings, password: str) -> str:
    return _hasher(settings).hash(password)


def verify_password(settings: Settings, password_hash: str | None, password: str) -> bool:
    stored = password_hash or _dummy_hash(settings.password_hashing)
    try:
        return _hasher(settings).verify(stored, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(settings: Settings, password_hash: str) -> bool:
    """A hash made with other parameters than the settings' is made again at sign-in."""
    return _hasher(settings).check_needs_rehash(password_hash)
