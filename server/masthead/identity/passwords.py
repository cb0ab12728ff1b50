"""Password rule and argon2id hashing."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 8
MAX_LENGTH = 1024  # hashing a megabyte of "password" is a cheap denial of service
WEAK_PASSWORD_MESSAGE = "Password must be at least 8 characters with one uppercase letter."  # noqa: S105 (a message, not a secret)

_hasher = PasswordHasher()  # argon2id with the library's current recommended parameters
# Verified against when the account does not exist, so both paths cost the same.
_DUMMY_HASH = _hasher.hash("Not-a-real-password-0")


def is_strong(password: str) -> bool:
    return MIN_LENGTH <= len(password) <= MAX_LENGTH and any(c.isupper() for c in password)


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str | None, password: str) -> bool:
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(password_hash: str) -> bool:
    return _hasher.check_needs_rehash(password_hash)
