"""What the audit log keeps of a story change, pure: the fields that changed, before and after.

An admin reading the log wants to see what changed, not two copies of a long story: HTML up
to a few hundred characters is kept as it is; longer HTML as its beginning, its length and a
short fingerprint, so an edit deep inside it still shows as a change."""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any

from masthead.articles.models import Article
from masthead.articles.rules import shown_status

HTML_KEPT_WHOLE = 300
EXCERPT = 120


def html_summary(html: str) -> str:
    if len(html) <= HTML_KEPT_WHOLE:
        return html
    digest = hashlib.sha256(html.encode()).hexdigest()[:12]
    return f"{html[:EXCERPT]}\u2026 ({len(html):,} characters, sha256 {digest})"


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def snapshot(article: Article, now: datetime) -> dict[str, Any]:
    """The story as the log shows it (the keys read as labels: "Members part")."""
    return {
        "headline": article.headline,
        "brand": article.brand,
        "section": article.section,
        "slug": article.slug,
        "standfirst": article.standfirst,
        "author": article.author,
        "access": article.access,
        "teaser": html_summary(article.teaser_html),
        "members_part": html_summary(article.body_html),
        "status": shown_status(article.status, article.published_at, now),
        "published_at": _time(article.published_at),
    }


def changed(before: dict[str, Any], after: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields whose values differ, each side holding only those."""
    keys = [key for key in after if before.get(key) != after[key]]
    return {key: before.get(key) for key in keys}, {key: after[key] for key in keys}
