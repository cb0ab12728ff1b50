"""What a member event must hold, each refusal a sentence an editor can act on. Pure: no I/O."""

from __future__ import annotations

import re
from datetime import datetime

# Readers follow the link from the account area: only a secure web address, with a host.
SECURE_LINK = re.compile(r"^https://[^\s/$.?#][^\s]*$")
FIRST_YEAR, LAST_YEAR = 2000, 2100  # a date outside is a typing slip, not an event

TITLE_REQUIRED = "Give the event a title."
PLACE_REQUIRED = "Say where the event takes place (a venue, or Online)."
LINK_INSECURE = "The link must be a secure web address starting with https://."
DATE_OUT_OF_RANGE = f"The date must be a real date between {FIRST_YEAR} and {LAST_YEAR}."
DATE_WITHOUT_ZONE = "The date needs a time zone (an offset like +00:00 or Z)."
EVERY_PROBLEM = (
    TITLE_REQUIRED,
    PLACE_REQUIRED,
    LINK_INSECURE,
    DATE_OUT_OF_RANGE,
    DATE_WITHOUT_ZONE,
)


def problem(title: str, place: str, link: str, starts_at: datetime) -> str | None:
    """The first thing wrong with an event as given, or None."""
    if not title.strip():
        return TITLE_REQUIRED
    if not place.strip():
        return PLACE_REQUIRED
    if not SECURE_LINK.match(link.strip()):
        return LINK_INSECURE
    if starts_at.tzinfo is None or starts_at.utcoffset() is None:
        return DATE_WITHOUT_ZONE
    # By the local year: the UTC one is read only once the year is known to be sane (converting
    # 0001-01-01T00:00+05:00 to UTC would fall before year 1).
    if not FIRST_YEAR <= starts_at.year <= LAST_YEAR:
        return DATE_OUT_OF_RANGE
    return None
