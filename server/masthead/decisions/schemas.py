"""Wire shapes of the decision engine."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class DecisionIn(BaseModel):
    sdkFeatureSlug: str = Field(
        min_length=1, max_length=100, description="The feature asked about: available-plans."
    )
    path: str = Field(
        default="",
        max_length=2048,
        description="The page's path (/account/subscribe); rules may choose by it.",
    )
    contentId: str | None = Field(default=None, max_length=200, description="The article, if any.")
    userAgent: str | None = Field(default=None, max_length=1000)
    session: str | None = Field(
        default=None,
        max_length=200,
        description="The reader's session id (the blaize_session cookie's value), for callers "
        "without the cookie; when both are sent they must be the same session (403).",
    )


class DecisionOut(BaseModel):
    outputValue: Any = Field(
        description="The feature's answer. available-plans: text, one line per plan offered "
        'in display order: the plan id, optionally a space and a JSON object of options ({"fe'
        'atured": true|false, "curation": "<text>"}) for that plan\'s card; empty when no plan '
        "is offered (outside the supported region)."
    )
