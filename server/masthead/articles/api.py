"""Articles's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.articles.models import FREE, MEMBERS, Article
from masthead.articles.repository import by_slug, latest, release_row_awaited

__all__ = [
    "FREE",
    "MEMBERS",
    "Article",
    "by_slug",
    "latest",
    "release_row_awaited",
]
