"""The page-provided globals of spec section 3, as the publisher pages embed them.

Each is a JSON data block (`<script type="application/json" id=...>`), not an inline
script: nothing runs before the article paints, and the islands validate what they read.

- `membership-settings`: plans (keyed by plan id, as GET /plans answers), curation
  (default, defaultTrial, per plan), cookieSettings (the segment cookie: domain, expires,
  group, name, path, segment), spotId, restUrl, nonce, inSupportedRegion (the region check
  of masthead.region; outside the region the plans are `{}`);
- `membership-content`: contentId and nonce of the story on the page;
- `comments-settings`: postId and spotId for the comments service (and the webhook target
  the comments client forwards its events to, when the site has one);
- `comment-counts`: the pages with comment-count buttons (home, sections, stories): the spot
  their one counts request names and whether a `#commentCount=N` hash may override the
  counts (outside production only);
- `site-brand`: the brand's name and labels (loader, paywall), this site's own.
"""

from __future__ import annotations

import json
from datetime import date
from functools import lru_cache
from typing import Any, cast

from fastapi import Request

from masthead.billing import api as billing
from masthead.deps import Runtime
from masthead.nonces import nonce_for_request
from masthead.region import in_supported_region
from masthead.settings import Settings
from masthead.site.brands import BRANDS, MEMBERSHIP, Brand
from masthead.site.repository import PlanRow, Story

SEGMENT_COOKIE = "vip-go-seg"
SUBSCRIBER_GROUP = "is-subscriber"
SUBSCRIBER_SEGMENT = "yes"
COOKIE_EXPIRES = "Fri, 31 Dec 2999 23:59:59 GMT"  # spec section 9: default expiry year 2999
COOKIE_PATH = "/"
SEGMENT_VERSION = "vc-v1__"
GROUP_SEPARATOR = "---__"
VALUE_SEPARATOR = "_--_"


def cookie_settings() -> dict[str, str]:
    """The segment cookie: host-only (empty domain), path /, expiring in 2999."""
    return {
        "domain": "",
        "expires": COOKIE_EXPIRES,
        "group": SUBSCRIBER_GROUP,
        "name": SEGMENT_COOKIE,
        "path": COOKIE_PATH,
        "segment": SUBSCRIBER_SEGMENT,
    }


def membership_settings(
    request: Request, runtime: Runtime, brand: Brand, plans: tuple[PlanRow, ...]
) -> tuple[str, str]:
    """The `membership-settings` data block, and the nonce in it, from the enabled plans read
    for the page (site/repository.py). inSupportedRegion is the region check the account
    area, the plans call and the decision engine use (masthead.region); outside the region
    the plans are hidden, `{}`, as GET /plans answers there. The page then depends on the
    country header: pages.page_headers names it in Vary."""
    supported = in_supported_region(request.headers, runtime.settings)
    nonce = nonce_for_request(runtime, request)
    shared = _shared_settings(brand.key, plans if supported else None, runtime.clock.now().date())
    base = str(request.base_url).rstrip("/")
    own = _json({"restUrl": f"{base}/wp-json/", "nonce": nonce, "inSupportedRegion": supported})
    # Two JSON objects' members joined: the very text json.dumps gives for all of them.
    return _block("membership-settings", f"{shared[:-1]},{own[1:]}"), nonce


@lru_cache(maxsize=32)
def _shared_settings(brand_key: str, plans: tuple[PlanRow, ...] | None, today: date) -> str:
    """The members of `membership-settings` that every request of a brand shares on a day,
    as JSON: plans (billing's, as offered today; None outside the region), curation,
    cookieSettings, spotId. Kept per brand, plan rows and day: the rows are read for every
    page, so an edited plan is another key; turning rows into the plans call's texts and
    serialising them cost more than the rest of the page together."""
    brand = BRANDS[brand_key]
    # plans_of reads a row's attributes; PlanRow carries them by BillingPlan's names.
    rows = cast(tuple[billing.BillingPlan, ...], plans)
    return _json(
        {
            "plans": {} if plans is None else billing.plans_of(rows, today),
            "curation": dict(brand.curation),
            "cookieSettings": cookie_settings(),
            "spotId": brand.spot_id,
        }
    )


def brand_globals(brand: Brand) -> dict[str, str]:
    """The brand's labels for the islands (`site-brand`): not a spec global, the page's own."""
    return {
        "key": brand.key,
        "name": brand.name,
        "membership": MEMBERSHIP,
        "loadingLabel": brand.loading_label,
        "paywallHeading": brand.paywall_heading,
        "paywallText": brand.paywall_text,
    }


def content_globals(article: Story, nonce: str) -> dict[str, Any]:
    return {"contentId": article.content_id, "nonce": nonce}


def comments_globals(article: Story, settings: Settings) -> dict[str, Any]:
    """`webhookTarget`, only on a site with webhook targets: where the comments client
    forwards the widget events (spec section 7) through the site API's webhook."""
    found = {"postId": article.post_id, "spotId": article.comments_spot_id}
    if settings.webhook_targets:
        return {**found, "webhookTarget": settings.webhook_targets[0]}
    return found


def comment_counts_globals(spot_id: str, settings: Settings) -> dict[str, Any]:
    """For the counts script (web/src/site/commentCounts.ts): the spot to ask, and whether
    the URL hash may override the counts (spec section 7: outside production)."""
    return {"spotId": spot_id, "hashOverride": not settings.production}


def data_block(element_id: str, value: Any) -> str:
    return _block(element_id, _json(value))


def _json(value: Any) -> str:
    """Compact JSON; "<" is escaped so no text can end its data block early."""
    return json.dumps(value, separators=(",", ":")).replace("<", "\\u003c")


def _block(element_id: str, payload: str) -> str:
    return f'<script type="application/json" id="{element_id}">{payload}</script>'


def segment_groups(cookie_value: str | None) -> dict[str, str]:
    """The key/value groups of a segment cookie: `vc-v1__<group>_--_<segment>`, groups
    joined by `---__` (the page's islands write it; web/src/site/segment.ts)."""
    value = (cookie_value or "").removeprefix(SEGMENT_VERSION)
    groups = {}
    for part in value.split(GROUP_SEPARATOR):
        group, sep, segment = part.partition(VALUE_SEPARATOR)
        if sep and group:
            groups[group] = segment
    return groups


def subscriber_hint(cookie_value: str | None) -> bool:
    """Whether the segment cookie says `is-subscriber` = `yes`. Only a hint: it picks the
    loader over the call to action while the server is asked; it never unlocks anything."""
    return segment_groups(cookie_value).get(SUBSCRIBER_GROUP) == SUBSCRIBER_SEGMENT
