"""Articles's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter).

The site reads the stories on the site through `on_site` (in its own statements, built once
with the NOW parameter), `latest` and `release_row_awaited`; the console's preview reads any
story through `story`, or checks an unsaved one (StoryIn) through `unsaved`;
the comments' moderators see a story's address through `article_path`."""

from masthead.articles.models import FREE, MEMBERS, Article
from masthead.articles.repository import NOW, latest, on_site, release_row_awaited
from masthead.articles.rules import shown_status
from masthead.articles.schemas import StoryIn
from masthead.articles.service import story, unsaved
from masthead.articles.views import article_path

__all__ = [
    "FREE",
    "MEMBERS",
    "NOW",
    "Article",
    "StoryIn",
    "article_path",
    "latest",
    "on_site",
    "release_row_awaited",
    "shown_status",
    "story",
    "unsaved",
]
