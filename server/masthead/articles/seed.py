"""Seeds the demo stories (articles/demo_content.py). Idempotent: present stories stay."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from html import escape

from sqlalchemy import select

from masthead.articles.demo_content import DEMO_STORIES, DemoStory
from masthead.articles.models import PUBLISHED, Article
from masthead.db import session_scope
from masthead.deps import Runtime

# Content ids are stable across databases, so links and tests can name a story.
_CONTENT_IDS = uuid.UUID("9f0c3b7e-5d0a-4c59-9a8e-2f6d1c4b7a10")


def content_id_for(brand: str, slug: str) -> str:
    return str(uuid.uuid5(_CONTENT_IDS, f"{brand}/{slug}"))


def _paragraphs(texts: tuple[str, ...]) -> str:
    return "\n".join(f"<p>{escape(text, quote=False)}</p>" for text in texts)


def to_article(story: DemoStory, spot_id: str) -> Article:
    return Article(
        post_id=story.post_id,
        content_id=content_id_for(story.brand, story.slug),
        brand=story.brand,
        slug=story.slug,
        headline=story.headline,
        standfirst=story.standfirst,
        author=story.author,
        section=story.section,
        status=PUBLISHED,
        published_at=story.published_at,
        first_published_at=story.published_at,
        teaser_html=_paragraphs(story.teaser),
        body_html=_paragraphs(story.body),
        access=story.access,
        comments_spot_id=spot_id,
        created_at=story.published_at,
        updated_at=story.published_at,
    )


def seed_articles(runtime: Runtime, spot_ids: Mapping[str, str]) -> None:
    """spot_ids: each brand's comments spot (the site's brands; articles know no brand config)."""
    for db in session_scope(runtime.sessions):
        present = set(db.scalars(select(Article.post_id)))
        for story in DEMO_STORIES:
            if story.post_id not in present:
                db.add(to_article(story, spot_ids[story.brand]))
