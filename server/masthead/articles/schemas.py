"""Wire shapes of the stories: the console's (/admin/api/stories), the operator API's
(/operator/v1/stories) and the CLI's, which share them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StringConstraints

from masthead.articles import rules
from masthead.articles.rules import StoryFields

# The newsroom's brands (masthead/newsroom.py; a test keeps the two lists the same).
BrandKey = Literal["main", "gossip", "lifestyle"]
Access = Literal["free", "members"]
Status = Literal["draft", "scheduled", "published", "unpublished"]


def _line(most: int) -> object:
    """A line of text, trimmed: at least one character, at most `most`."""
    return StringConstraints(strip_whitespace=True, min_length=1, max_length=most)


Html = Annotated[str, StringConstraints(max_length=rules.HTML_MAX)]


class StoryIn(BaseModel):
    """A story as an editor writes it."""

    model_config = ConfigDict(extra="forbid")

    brand: BrandKey = Field(description="The brand whose site shows it.")
    section: str = Field(
        max_length=60, description="One of the brand's sections (GET /admin/api/stories/desks)."
    )
    slug: str = Field(
        max_length=rules.SLUG_MAX,
        description="The last part of its address, unique in the brand: lowercase letters, "
        "digits and single hyphens (e.g. `rangers-win-in-overtime`).",
    )
    headline: Annotated[str, _line(rules.HEADLINE_MAX)] = Field(
        description="The story's heading (its <h1>)."
    )
    standfirst: Annotated[str, _line(rules.STANDFIRST_MAX)] = Field(
        description="The line under the headline."
    )
    author: Annotated[str, _line(rules.AUTHOR_MAX)] = Field(description="The byline's name.")
    access: Access = Field(description="`free`: anyone reads it all; `members`: members only.")
    teaser_html: Html = Field(
        description="What every visitor reads: HTML of text structure and links only (p, "
        "h2-h4, lists, tables, a, strong, em, ...; no <h1>, scripts, styles or event handlers)."
    )
    body_html: Html = Field(
        default="",
        description="The rest of the story, the same HTML rules: released by the content call "
        "(to entitled readers only when `access` is `members`, which needs one).",
    )

    def fields(self) -> StoryFields:
        return StoryFields(
            brand=self.brand,
            section=self.section,
            slug=self.slug,
            headline=self.headline,
            standfirst=self.standfirst,
            author=self.author,
            access=self.access,
            teaser_html=self.teaser_html,
            body_html=self.body_html,
        )


class CmsStoryIn(StoryIn):
    """A story as a CMS pushes it: the story, and whether (and from when) it is on the site."""

    published: bool = Field(
        default=True,
        description="true: on the site from `published_at`; false: off the site (a draft, or "
        "unpublished when it has been on the site).",
    )
    published_at: AwareDatetime | None = Field(
        default=None,
        description="With `published`: when it goes (or went) on the site, also the date in "
        "its address; a time to come schedules it. Left out: the story keeps its date when it "
        "has one on the site, else now.",
    )


class ScheduleIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    published_at: AwareDatetime = Field(
        description="When it goes on the site (a time to come, with its offset)."
    )


class StoryOut(BaseModel):
    content_id: str = Field(description="Its stable id (the console's and the CMS's).")
    post_id: int = Field(description="Its id for comments; never changes.")
    brand: str
    section: str
    slug: str
    headline: str
    standfirst: str
    author: str
    access: Access
    teaser_html: str
    body_html: str
    status: Status = Field(
        description="draft (never on the site), scheduled (published from a time to come), "
        "published (on the site), unpublished (taken off the site)."
    )
    published_at: datetime | None = Field(
        description="When it goes or went on the site; null for a draft without a date."
    )
    first_published_at: datetime | None = Field(
        description="When it was first on the site; null: never (it may be deleted)."
    )
    path: str | None = Field(
        description="Its address on the brand's site (on the site only while published)."
    )
    created_at: datetime
    updated_at: datetime
    updated_by: str | None = Field(
        description="Who changed it last: an email, `operator API` or `command line`."
    )


class StorySummary(BaseModel):
    """A story in the console's list (no HTML)."""

    content_id: str
    post_id: int
    brand: str
    section: str
    slug: str
    headline: str
    author: str
    access: Access
    status: Status
    published_at: datetime | None
    updated_at: datetime
    updated_by: str | None


class StoryPage(BaseModel):
    items: list[StorySummary]
    total: int = Field(description="How many stories match the filters.")
    page: int
    per_page: int


class Desk(BaseModel):
    key: BrandKey
    name: str
    sections: list[str]


class Desks(BaseModel):
    brands: list[Desk]


class StoryRemoved(BaseModel):
    content_id: str
    outcome: Literal["deleted", "unpublished"] = Field(
        description="`deleted`: it had never been on the site; `unpublished`: it had, so it "
        "is kept off the site with its post_id (its comments stay)."
    )
