"""The publisher's brands as stories are filed under them: each brand's key, name, sections
and comments spot.

Neutral ground: the articles domain checks a story's brand and section against it, and the
site (site/brands.py) draws each brand's pages with it, so the two cannot disagree and
neither imports the other's rules.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Desk:
    key: str
    name: str
    sections: tuple[str, ...]
    spot_id: str  # the comments service's spot of this brand's site


DESKS = {
    "main": Desk(
        key="main",
        name="The Masthead",
        sections=("News", "Sports", "Metro", "Business"),
        spot_id="sp_MhMain01",
    ),
    "gossip": Desk(
        key="gossip",
        name="The Scoop",
        sections=("Celebrity", "TV", "Real Estate"),
        spot_id="sp_MhGossip1",
    ),
    "lifestyle": Desk(
        key="lifestyle",
        name="The Good Life",
        sections=("Food", "Travel", "Health", "Fitness"),
        spot_id="sp_MhLife01",
    ),
}
