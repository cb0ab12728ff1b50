"""The console's previews of a story, editors only: HTTP only. GET
/admin/api/stories/{id}/preview draws a stored story whatever its status; POST
/admin/api/stories/preview draws unsaved text. The site draws them, since it draws the story
page; the page is answered to the editor alone, as JSON for a sandboxed frame (never at the
story's address, so a draft stays off the site)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Response

from masthead.articles.api import StoryIn, shown_status, story, unsaved
from masthead.deps import DbDep, RuntimeDep
from masthead.no_store import no_store
from masthead.site import pages, schemas
from masthead.staff.api import EditorDep

router = APIRouter(prefix="/admin/api/stories", tags=["staff"])


@router.get(
    "/{content_id}/preview",
    response_model=schemas.StoryPreview,
    responses={401: {}, 403: {}, 404: {}},
    summary="A story's page as a member would read it, whatever its status (editor)",
    description="`html` is the whole page (teaser and members' part, no paywall, no "
    "scripts) for a sandboxed frame; nothing is stored and the story's address is not "
    "touched. 404 `story-not-found`.",
)
def preview_story(
    content_id: Annotated[str, Path(min_length=1, max_length=64)],
    _: EditorDep,
    db: DbDep,
    rt: RuntimeDep,
    response: Response,
) -> schemas.StoryPreview:
    no_store(response)
    article = story(db, content_id)
    now = rt.clock.now()
    status = shown_status(article.status, article.published_at, now)
    return schemas.StoryPreview(html=pages.story_preview(article, status, now))


@router.post(
    "/preview",
    response_model=schemas.StoryPreview,
    responses={400: {}, 401: {}, 403: {}},
    summary="The page a story would have with this text, as a member would read it (editor)",
    description="Nothing is stored. 400 `bad-request` names what to change, as saving would "
    "(but a slug another story has is not checked here).",
)
def preview_unsaved(
    body: StoryIn, _: EditorDep, rt: RuntimeDep, response: Response
) -> schemas.StoryPreview:
    no_store(response)
    html = pages.story_preview(unsaved(body.fields()), "not saved", rt.clock.now())
    return schemas.StoryPreview(html=html)
