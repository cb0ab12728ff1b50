"""Wire shapes of the static pages' operator API."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_serializer

from masthead.site.brands import BRANDS
from masthead.site.static_pages.service import PageView

TITLE_MAX = 120
BODY_MAX = 100_000


class StaticPageIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=1, max_length=TITLE_MAX)
    ] = Field(description="The page's heading and the start of its <title>.")
    body: Annotated[str, StringConstraints(min_length=1, max_length=BODY_MAX)] = Field(
        description="The page's HTML below the heading: text structure and links only "
        "(p, h2-h4, lists, tables, a, strong, em, ...; no <h1>, scripts, styles or event "
        'handlers). The membership terms need an element with id="cancellation".'
    )


class StaticPageOut(BaseModel):
    brand: str
    brandName: str = Field(description="The brand's name, as its pages show it.")
    slug: str
    path: str = Field(description="Where the page is served on the brand's host.")
    title: str
    body: str
    edited: bool = Field(description="Whether the text differs from the built-in one.")
    updatedAt: datetime | None = Field(description="When it was stored; null: never stored.")

    @field_serializer("updatedAt")
    def _iso(self, value: datetime | None) -> str | None:
        # Python's isoformat (`+00:00`), as this API has always written it.
        return value.isoformat() if value else None


class StaticPageListOut(BaseModel):
    pages: list[StaticPageOut]


def page_out(view: PageView) -> StaticPageOut:
    """A page as the operator API and the CLI answer it."""
    return StaticPageOut(
        brand=view.brand,
        brandName=BRANDS[view.brand].name,
        slug=view.slug,
        path=view.path,
        title=view.title,
        body=view.body_html,
        edited=view.edited,
        updatedAt=view.updated_at,
    )


class StaticPagePreview(BaseModel):
    html: str = Field(description="The whole page, to show in a sandboxed frame.")
