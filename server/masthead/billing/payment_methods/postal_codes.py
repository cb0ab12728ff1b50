"""US postal codes for the postal-code call: the state code, the ZIP code, and whether they
belong together. Pure: no I/O.

A ZIP code's first three digits (its sectional centre) fall in ranges USPS gives to each
state; a ZIP whose prefix is not one of the state's is refused. Those ranges are a
plausibility check, not an address lookup: a few towns near a border are served from the
next state's centre, and their ZIP codes are refused here with a message that says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Three-digit ZIP prefixes by state, district, territory and military "state", inclusive.
PREFIXES: dict[str, tuple[tuple[int, int], ...]] = {
    "AL": ((350, 369),),
    "AK": ((995, 999),),
    "AZ": ((850, 865),),
    "AR": ((716, 729),),
    "CA": ((900, 961),),
    "CO": ((800, 816),),
    "CT": ((60, 69),),
    "DE": ((197, 199),),
    "DC": ((200, 200), (202, 205), (569, 569)),
    "FL": ((320, 339), (341, 349)),
    "GA": ((300, 319), (398, 399)),
    "HI": ((967, 968),),
    "ID": ((832, 838),),
    "IL": ((600, 629),),
    "IN": ((460, 479),),
    "IA": ((500, 528),),
    "KS": ((660, 679),),
    "KY": ((400, 427),),
    "LA": ((700, 714),),
    "ME": ((39, 49),),
    "MD": ((206, 219),),
    "MA": ((10, 27), (55, 55)),
    "MI": ((480, 499),),
    "MN": ((550, 567),),
    "MS": ((386, 397),),
    "MO": ((630, 658),),
    "MT": ((590, 599),),
    "NE": ((680, 693),),
    "NV": ((889, 898),),
    "NH": ((30, 38),),
    "NJ": ((70, 89),),
    "NM": ((870, 884),),
    "NY": ((5, 5), (100, 149)),
    "NC": ((270, 289),),
    "ND": ((580, 588),),
    "OH": ((430, 459),),
    "OK": ((730, 732), (734, 749)),
    "OR": ((970, 979),),
    "PA": ((150, 196),),
    "RI": ((28, 29),),
    "SC": ((290, 299),),
    "SD": ((570, 577),),
    "TN": ((370, 385),),
    "TX": ((733, 733), (750, 799), (885, 885)),
    "UT": ((840, 847),),
    "VT": ((50, 54), (56, 59)),
    "VA": ((201, 201), (220, 246)),
    "WA": ((980, 994),),
    "WV": ((247, 268),),
    "WI": ((530, 549),),
    "WY": ((820, 831),),
    "PR": ((6, 7), (9, 9)),
    "VI": ((8, 8),),
    "GU": ((969, 969),),
    "MP": ((969, 969),),
    "AS": ((967, 967),),
    "AA": ((340, 340),),
    "AE": ((90, 98),),
    "AP": ((962, 966),),
}

STATE_MESSAGE = "The state field must be a US state code, like NY."
POSTAL_CODE_MESSAGE = (
    "The postal_code field must be a ZIP code of 5 digits, like 10001, or ZIP+4, like 10001-1234."
)
ZIP = re.compile(r"([0-9]{5})(?:[- ]?([0-9]{4}))?")  # ASCII digits only

# What the parsers accept, as JSON Schema patterns for the call's documentation: a state code
# in either case and a ZIP code, each with spaces around it (the parsers strip them).
STATE_PATTERN = (
    r"^\s*(?:"
    + "|".join("".join(f"[{c}{c.lower()}]" for c in code) for code in PREFIXES)
    + r")\s*$"
)
ZIP_PATTERN = rf"^\s*{ZIP.pattern}\s*$"


class PostalCodeError(ValueError):
    """Input a person must correct; `type` is the error type, the message says how."""

    def __init__(self, type_: str, message: str) -> None:
        super().__init__(message)
        self.type = type_
        self.message = message


@dataclass(frozen=True)
class PostalAddress:
    state: str  # "NY"
    postal_code: str  # "10001" or "10001-1234"


def parse_state(value: str) -> str:
    state = value.strip()
    # ASCII only: str.upper() makes an "S" of the long s (U+017F), an "I" of the dotless i.
    state = state.upper() if state.isascii() else ""
    if state not in PREFIXES:
        raise PostalCodeError("bad-request", STATE_MESSAGE)
    return state


def parse_zip(value: str) -> str:
    match = ZIP.fullmatch(value.strip())
    if match is None:
        raise PostalCodeError("bad-request", POSTAL_CODE_MESSAGE)
    five, four = match.groups()
    return f"{five}-{four}" if four else five


def zip_in_state(postal_code: str, state: str) -> bool:
    prefix = int(postal_code[:3])
    return any(low <= prefix <= high for low, high in PREFIXES[state])


def parse_address(state: str, postal_code: str) -> PostalAddress:
    """The normalised state and ZIP code; PostalCodeError when either is wrong or they do
    not belong together."""
    code = parse_state(state)
    zip_code = parse_zip(postal_code)
    if not zip_in_state(zip_code, code):
        raise PostalCodeError(
            "postal-code-mismatch",
            f"The ZIP code {zip_code} is not in {code}. Please check the state and ZIP code.",
        )
    return PostalAddress(code, zip_code)
