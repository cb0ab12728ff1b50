"""Payment method logos the sandbox serves itself, so `make run` fetches nothing remote."""

from __future__ import annotations

from xml.sax.saxutils import escape

# slug -> (label, background colour)
LOGOS = {
    "visa": ("VISA", "#1a1f71"),
    "mastercard": ("Mastercard", "#eb001b"),
    "american_express": ("AMEX", "#2e77bc"),
    "discover": ("DISCOVER", "#ff6000"),
    "paypal": ("PayPal", "#003087"),
    "venmo": ("venmo", "#3d95ce"),
    "apple_pay": ("Apple Pay", "#000000"),
    "google_pay": ("G Pay", "#5f6368"),
    "unknown": ("CARD", "#6b7280"),
}


def logo_svg(slug: str) -> str | None:
    if slug not in LOGOS:
        return None
    label, colour = LOGOS[slug]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="30" viewBox="0 0 48 30" '
        f'role="img" aria-label="{escape(label)}">'
        f'<rect width="48" height="30" rx="4" fill="{colour}"/>'
        '<text x="24" y="19" font-family="Arial, sans-serif" font-size="9" font-weight="bold" '
        f'fill="#ffffff" text-anchor="middle">{escape(label)}</text></svg>'
    )
