"""GET /account/avatar/?color={hex}&initials={letters}: a round avatar as SVG."""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from masthead.errors import ApiError
from masthead.identity.initials import are_initials, uppercase

router = APIRouter(tags=["identity"])
HEX_PATTERN = r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$"
HEX = re.compile(HEX_PATTERN)
# Latin letters in Helvetica or Arial; any other script or an emoji falls back to a font that
# has it, the emoji fonts named so that a colour one is chosen where it is installed.
FONTS = "Helvetica, Arial, sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji'"


def _text_colour(hex_digits: str) -> str:
    if len(hex_digits) == 3:
        hex_digits = "".join(c * 2 for c in hex_digits)
    r, g, b = (int(hex_digits[i : i + 2], 16) for i in (0, 2, 4))

    # WCAG relative luminance decides between white and near-black lettering.
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else float(((s + 0.055) / 1.055) ** 2.4)

    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return "#111111" if luminance > 0.179 else "#ffffff"


@router.get(
    "/account/avatar/",
    response_class=Response,
    responses={200: {"content": {"image/svg+xml": {}}}, 400: {}},
    summary="Avatar image: a hex colour and up to two letters",
    description="The initials are what the spec's rule makes of a name in any script: none "
    "(a plain disc), or one or two user-perceived characters (an accented or pointed letter, "
    "a number, an emoji with its skin tone, a flag). Anything else (punctuation, markup, "
    "spaces, more than two characters) is refused with 400.",
)
def avatar(
    # Documented, checked below: a wrong colour keeps its own sentence.
    color: Annotated[str, Query(json_schema_extra={"pattern": HEX_PATTERN})] = "#000000",
    initials: str = "",
) -> Response:
    colour = HEX.match(color)
    if colour is None:
        raise ApiError(400, "bad-request", "The color must be a hex colour such as #1a2b3c.")
    if not are_initials(initials):
        raise ApiError(
            400,
            "bad-request",
            "The initials must be one or two letters, numbers or emoji, such as AL.",
        )
    digits = colour.group(1)
    letters = uppercase(initials)  # only letters, numbers, marks and emoji: no markup
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" '
        f'role="img" aria-label="{letters}">'
        f'<circle cx="48" cy="48" r="48" fill="#{digits}"/>'
        f'<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="{FONTS}" '
        f'font-size="40" font-weight="600" fill="{_text_colour(digits)}">'
        f"{letters}</text></svg>"
    )
    return Response(
        svg,
        media_type="image/svg+xml",
        headers={
            "Cache-Control": "public, max-age=86400",
            "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
            "X-Content-Type-Options": "nosniff",
        },
    )
