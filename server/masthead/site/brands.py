"""The publisher's three brands: how each looks and what it calls things, and which brand a
request is for (the host name, or MASTHEAD_BRAND forcing one)."""

from __future__ import annotations

from dataclasses import dataclass

from masthead.newsroom import DESKS
from masthead.settings import Settings

DEFAULT_BRAND = "main"
MEMBERSHIP = "Sports+"  # the membership's name on every brand


@dataclass(frozen=True)
class Brand:
    """How a brand looks and what it calls things; its name, sections and comments spot are
    the newsroom's (masthead/newsroom.py), which the stories are checked against."""

    key: str
    name: str
    tagline: str
    primary: str  # masthead bar, links, buttons: white text on it passes WCAG AA
    ink: str  # headings
    tint: str  # soft backgrounds (the paywall box)
    loader_colour: str
    loading_label: str  # what the loader says while the story loads
    paywall_heading: str
    paywall_text: str
    sections: tuple[str, ...]
    spot_id: str  # the comments service's spot of this site
    curation: dict[str, str]  # page global: plan-card lines (billing/cta.curation_text)

    def section_slug(self, section: str) -> str:
        return section.lower().replace(" ", "-")


BRANDS = {
    "main": Brand(
        key="main",
        name=DESKS["main"].name,
        tagline="News, sports and the city",
        primary="#b3121b",
        ink="#1a1a1a",
        tint="#fbeeee",
        loader_colour="#b3121b",
        loading_label="Loading the full story\u2026",
        paywall_heading="Keep reading with Sports+",
        paywall_text="This story is for Sports+ members: every game, every trade rumour, "
        "every comeback.",
        sections=DESKS["main"].sections,
        spot_id=DESKS["main"].spot_id,
        curation={
            "default": "Cancel anytime.",
            "defaultTrial": "7 days free, then billed monthly. Cancel anytime.",
        },
    ),
    "gossip": Brand(
        key="gossip",
        name=DESKS["gossip"].name,
        tagline="Celebrity, TV and who was seen where",
        primary="#b0175a",
        ink="#2b0a1c",
        tint="#fcecf3",
        loader_colour="#d81b72",
        loading_label="Getting you the whole scoop\u2026",
        paywall_heading="Members get the whole scoop",
        paywall_text="Sports+ members read every exclusive, first.",
        sections=DESKS["gossip"].sections,
        spot_id=DESKS["gossip"].spot_id,
        curation={
            "default": "Cancel anytime.",
            "defaultTrial": "Try it free for 7 days.",
        },
    ),
    "lifestyle": Brand(
        key="lifestyle",
        name=DESKS["lifestyle"].name,
        tagline="Food, travel, health and the things worth buying",
        primary="#0b6e69",
        ink="#10302e",
        tint="#e8f4f3",
        loader_colour="#12a39b",
        loading_label="Loading your read\u2026",
        paywall_heading="Unlock the full guide",
        paywall_text="Our tested picks and full guides are for Sports+ members.",
        sections=DESKS["lifestyle"].sections,
        spot_id=DESKS["lifestyle"].spot_id,
        curation={
            "default": "Cancel anytime.",
            "defaultTrial": "Free for a week, then monthly.",
        },
    ),
}


def brand_for_host(settings: Settings, host: str) -> Brand:
    """MASTHEAD_BRAND when set; else the brand_hosts entry of the host name (port dropped);
    else main."""
    if settings.brand:
        return BRANDS[settings.brand]
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return BRANDS[settings.brand_hosts.get(name.lower(), DEFAULT_BRAND)]


FAVICON_PREFIX = "/favicon/"


def favicon_path(brand: Brand) -> str:
    """Where the brand's icon is served (site/favicons.py; the files are favicons/<key>.svg)."""
    return f"{FAVICON_PREFIX}{brand.key}.svg"
