"""The stories' content API for a CMS (/operator/v1/stories/{id}): HTTP only.

For the CMS's servers, not a browser: the shared secret MASTHEAD_STORIES_KEY as a bearer
token (operator_auth.py); the API is absent (404) while the setting is empty. `{id}` is the
CMS's stable id of the story (its content id here). The same service as the console; its
changes are in the audit log with no person (who: the operator API, from the CMS's address).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response

from masthead.articles import schemas, service
from masthead.articles.views import story_out
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.operator_auth import bearer_key_check

router = APIRouter(prefix="/operator/v1/stories", tags=["operator"])
# The CMS's id: letters, digits and . _ : - (a UUID, a number, "cms:1234"), at most 64.
CmsId = Annotated[
    str,
    Path(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$",
        description="The CMS's stable id of the story: letters, digits and . _ : - (at most "
        "64), such as a UUID.",
    ),
]
OperatorDep = Annotated[None, Depends(bearer_key_check(lambda s: s.stories_key, "stories"))]


router.dependencies.append(NO_STORE_ANSWER)


@router.get(
    "/{content_id}",
    response_model=schemas.StoryOut,
    responses={400: {}, 401: {}, 404: {}},
    summary="One story as stored, whatever its status (operator API)",
)
def show_story(content_id: CmsId, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> schemas.StoryOut:
    return story_out(service.story(db, content_id), rt.clock.now())


@router.put(
    "/{content_id}",
    response_model=schemas.StoryOut,
    status_code=200,
    responses={
        201: {"model": schemas.StoryOut, "description": "The story was made."},
        400: {},
        401: {},
        404: {},
        409: {},
    },
    summary="Create or replace a story (operator API)",
    description="Idempotent: the same body again changes nothing and answers 200; a new id "
    "answers 201. The body is the story (as the console writes it) with `published` and "
    "`published_at`: a time to come schedules it. A story made here gets the next post_id; "
    "a story's post_id never changes. 400 `bad-request` names what to change; 409 "
    "`slug-taken`, or `brand-fixed` for a story that has been on the site.",
)
def put_story(
    content_id: CmsId,
    body: schemas.CmsStoryIn,
    _: OperatorDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
    response: Response,
) -> schemas.StoryOut:
    by = service.ChangedBy(service.OPERATOR, None, address)
    answer, made = service.replace_from_cms(
        db,
        rt.clock.now(),
        by,
        content_id,
        body.fields(),
        published=body.published,
        published_at=body.published_at,
    )
    response.status_code = 201 if made else 200
    return answer


@router.delete(
    "/{content_id}",
    response_model=schemas.StoryRemoved,
    responses={400: {}, 401: {}, 404: {}},
    summary="Take a story off the site for good (operator API)",
    description="A story that has never been on the site is deleted; one that has is kept "
    "unpublished with its post_id, so its comments stay if the same id is put again. "
    "Repeating it answers the same. 404 `story-not-found` for an unknown id.",
)
def delete_story(
    content_id: CmsId, _: OperatorDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.StoryRemoved:
    by = service.ChangedBy(service.OPERATOR, None, address)
    outcome = service.remove_from_cms(db, rt.clock.now(), by, content_id)
    return schemas.StoryRemoved(content_id=content_id, outcome=outcome)
