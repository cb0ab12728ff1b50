"""The opaque page cursors of the comments' lists (a thread's pages, the moderators' queues):
the list's name and its sort key, integers, as unpadded base64url JSON. A cursor carries its
list's name, so one list's cursor is refused by another. Pure."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence


class BadCursor(ValueError):
    """A cursor not given for this list (or not a cursor at all)."""


def encode(name: str, key: Sequence[int]) -> str:
    raw = json.dumps([name, *key], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(name: str, cursor: str, length: int) -> tuple[int, ...]:
    """The `length` integers of a cursor given for the list `name`; BadCursor otherwise."""
    try:
        value = json.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    except (binascii.Error, ValueError):
        raise BadCursor from None
    if (
        not isinstance(value, list)
        or len(value) != length + 1
        or value[0] != name
        or not all(type(part) is int for part in value[1:])
    ):
        raise BadCursor
    return tuple(value[1:])
