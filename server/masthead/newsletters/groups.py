"""The groups lists belong to (spec section 3): one per site, then the three exclusive ones,
which only readers past the gate may join (gate.py)."""

from __future__ import annotations

import re

SITE_GROUPS = ("main", "gossip", "lifestyle")
EXCLUSIVE_GROUPS = ("member-exclusive", "team-exclusive", "columnist-exclusive")
GROUPS = SITE_GROUPS + EXCLUSIVE_GROUPS


def parse_ids(field: str, raw: str | None) -> list[int]:
    """A comma-separated list of list ids ("3,5,8"; spaces separate too, repeats count once).
    Raises ValueError with the sentence the reader's client is answered."""
    ids: list[int] = []
    for part in re.split(r"[,\s]+", raw or ""):
        if not part:
            continue
        if not part.isascii() or not part.isdigit():
            raise ValueError(
                f"The {field} field must be newsletter ids separated by commas, like 3,5."
            )
        if int(part) not in ids:
            ids.append(int(part))
    return ids
