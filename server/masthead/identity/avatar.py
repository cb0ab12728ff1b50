"""GET /account/avatar/?color={hex}&initials={letters}: a round avatar as SVG."""

from __future__ import annotations

import re

from fastapi import APIRouter
from fastapi.responses import Response

from masthead.errors import ApiError

router = APIRouter(tags=["identity"])
HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")
# One or two letters of any alphabet; nothing that could become markup in the image.
INITIALS = re.compile(r"^[^\W\d_]{1,2}$")


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
    summary="Avatar image: a hex colour and one or two letters",
)
def avatar(color: str = "#000000", initials: str = "") -> Response:
    colour = HEX.match(color)
    if colour is None:
        raise ApiError(400, "bad-request", "The color must be a hex colour such as #1a2b3c.")
    if not INITIALS.match(initials):
        raise ApiError(400, "bad-request", "The initials must be one or two letters.")
    digits = colour.group(1)
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" '
        f'role="img" aria-label="{initials.upper()}">'
        f'<circle cx="48" cy="48" r="48" fill="#{digits}"/>'
        f'<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="Helvetica, Arial, '
        f'sans-serif" font-size="40" font-weight="600" fill="{_text_colour(digits)}">'
        f"{initials.upper()}</text></svg>"
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
