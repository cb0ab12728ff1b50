"""A story as the console, the operator API and the CLI answer it."""

from __future__ import annotations

from datetime import datetime

from masthead.articles.models import Article
from masthead.articles.rules import shown_status
from masthead.articles.schemas import Desk, Desks, StoryOut, StorySummary
from masthead.newsroom import DESKS


def article_path(article: Article) -> str | None:
    day = article.published_at
    if day is None:
        return None
    return f"/{day.year:04d}/{day.month:02d}/{day.day:02d}/{article.slug}/"


def story_out(article: Article, now: datetime) -> StoryOut:
    return StoryOut(
        content_id=article.content_id,
        post_id=article.post_id,
        brand=article.brand,
        section=article.section,
        slug=article.slug,
        headline=article.headline,
        standfirst=article.standfirst,
        author=article.author,
        access=article.access,
        teaser_html=article.teaser_html,
        body_html=article.body_html,
        status=shown_status(article.status, article.published_at, now),
        published_at=article.published_at,
        first_published_at=article.first_published_at,
        path=article_path(article),
        created_at=article.created_at,
        updated_at=article.updated_at,
        updated_by=article.updated_by,
    )


def summary(article: Article, now: datetime) -> StorySummary:
    return StorySummary(
        content_id=article.content_id,
        post_id=article.post_id,
        brand=article.brand,
        section=article.section,
        slug=article.slug,
        headline=article.headline,
        author=article.author,
        access=article.access,
        status=shown_status(article.status, article.published_at, now),
        published_at=article.published_at,
        updated_at=article.updated_at,
        updated_by=article.updated_by,
    )


def desks() -> Desks:
    """The brands and their sections, as the editor's choices."""
    return Desks(
        brands=[
            Desk(key=desk.key, name=desk.name, sections=list(desk.sections))
            for desk in DESKS.values()
        ]
    )
