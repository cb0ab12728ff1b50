"""The stories' rules with their transactions: writing, publishing, scheduling, unpublishing
and deleting a story, for the console, the operator API and the CLI alike. Every change is
written to the audit log in the caller's transaction (so both land, or neither).

A story is on the site when it is published and its time has come (rules.on_site; the site
reads with the same condition): scheduling is publishing with a time to come, and no job
runs when it comes. Its post_id, which comments key on, is given once and never changes.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.articles import audit_fields, refusals, repository
from masthead.articles.models import DRAFT, PUBLISHED, UNPUBLISHED, Article
from masthead.articles.rules import StoryFields, check_story, on_site
from masthead.articles.schemas import StoryOut, StoryPage
from masthead.articles.views import story_out, summary
from masthead.newsroom import DESKS
from masthead.staff.api import Actor, record_action

CREATED = "story.created"
EDITED = "story.edited"
PUBLISHED_NOW = "story.published"
SCHEDULED = "story.scheduled"
UNPUBLISHED_NOW = "story.unpublished"
DELETED = "story.deleted"
TARGET = "story"  # the audit log's target_type; target_id is the content id
OPERATOR = "operator API"
COMMAND_LINE = "command line"
_ATTEMPTS = 3  # inserts that lose a race for the next post_id try again


@dataclass(frozen=True)
class ChangedBy:
    """Who makes a change: a staff member (actor), or the operator API or CLI (no actor)."""

    name: str  # stored as the story's updated_by
    actor: Actor | None = None
    address: str | None = None


def by_staff(actor: Actor, address: str | None) -> ChangedBy:
    return ChangedBy(actor.email, actor, address)


def listing(
    db: Session,
    now: datetime,
    *,
    brand: str | None,
    section: str | None,
    status: str | None,
    page: int,
    per_page: int,
) -> StoryPage:
    rows, total = repository.page(
        db,
        now,
        brand=brand,
        section=section,
        status=status,
        offset=(page - 1) * per_page,
        limit=per_page,
    )
    items = [summary(row, now) for row in rows]
    return StoryPage(items=items, total=total, page=page, per_page=per_page)


def story(db: Session, content_id: str) -> Article:
    """Any story, whatever its status; 404 when there is none."""
    found = repository.by_content_id(db, content_id)
    if found is None:
        raise refusals.not_found(content_id)
    return found


def _locked(db: Session, content_id: str, now: datetime) -> Article:
    """The story to change, its row held until the transaction ends, and its first time on
    the site noted if its scheduled time has come since the last change."""
    found = repository.by_content_id(db, content_id, lock=True)
    if found is None:
        raise refusals.not_found(content_id)
    _note_on_site(found, now)
    return found


def _note_on_site(article: Article, now: datetime) -> None:
    if article.first_published_at is None and on_site(article.status, article.published_at, now):
        article.first_published_at = article.published_at


def _audit(
    db: Session,
    now: datetime,
    action: str,
    by: ChangedBy,
    content_id: str,
    before: dict[str, object] | None,
    after: dict[str, object] | None,
) -> None:
    record_action(
        db,
        now,
        action,
        by.actor,
        target_type=TARGET,
        target_id=content_id,
        before=before,
        after=after,
        address=by.address,
    )


def unsaved(fields: StoryFields) -> Article:
    """A story as an editor has written it so far, checked as saving would check it (but for
    its slug's uniqueness), stored nowhere: for the preview of unsaved changes."""
    check_story(fields)
    values = {name: getattr(fields, name) for name in StoryFields.__dataclass_fields__}
    return Article(
        **values,
        post_id=0,
        content_id="",
        status=DRAFT,
        published_at=None,
        comments_spot_id=DESKS[fields.brand].spot_id,
    )


def _check_slug(db: Session, fields: StoryFields, content_id: str | None) -> None:
    holder = repository.slug_holder(db, fields.brand, fields.slug)
    if holder is not None and holder.content_id != content_id:
        raise refusals.slug_taken(fields.slug, DESKS[fields.brand].name)


def _insert(
    db: Session, now: datetime, by: ChangedBy, content_id: str, fields: StoryFields
) -> Article | None:
    """A new draft with the next post_id; None when the content id was taken meanwhile."""
    values = {
        **{name: getattr(fields, name) for name in StoryFields.__dataclass_fields__},
        "content_id": content_id,
        "status": DRAFT,
        "published_at": None,
        "first_published_at": None,
        "comments_spot_id": DESKS[fields.brand].spot_id,
        "created_at": now,
        "updated_at": now,
        "updated_by": by.name,
    }
    for _ in range(_ATTEMPTS):
        _check_slug(db, fields, content_id)
        article = repository.insert_with_next_post_id(db, values)
        if article is not None:
            return article
        if repository.by_content_id(db, content_id) is not None:
            return None
    raise refusals.busy()


def create(db: Session, now: datetime, by: ChangedBy, fields: StoryFields) -> StoryOut:
    """A new draft: off the site until it is published."""
    check_story(fields)
    article = _insert(db, now, by, str(uuid.uuid4()), fields)
    if article is None:  # a random id already taken: not in this universe
        raise refusals.busy()
    _audit(db, now, CREATED, by, article.content_id, None, audit_fields.snapshot(article, now))
    return story_out(article, now)


def _write(db: Session, article: Article, fields: StoryFields) -> None:
    """The fields onto the row; a slug another story took meanwhile is a 409, not a 500."""
    if fields.brand != article.brand:
        if article.first_published_at is not None:
            raise refusals.brand_fixed()
        article.comments_spot_id = DESKS[fields.brand].spot_id
    for name in StoryFields.__dataclass_fields__:
        setattr(article, name, getattr(fields, name))
    try:
        with db.begin_nested():
            db.flush()
    except IntegrityError:
        raise refusals.slug_taken(fields.slug, DESKS[fields.brand].name) from None


def _finish(
    db: Session,
    now: datetime,
    by: ChangedBy,
    article: Article,
    action: str,
    before: dict[str, object],
) -> bool:
    """Stamps and audits a change; nothing at all when nothing changed. True: it changed."""
    _note_on_site(article, now)
    old, new = audit_fields.changed(before, audit_fields.snapshot(article, now))
    if not new:
        return False
    article.updated_at, article.updated_by = now, by.name
    db.flush()
    _audit(db, now, action, by, article.content_id, old, new)
    return True


def update(
    db: Session, now: datetime, by: ChangedBy, content_id: str, fields: StoryFields
) -> StoryOut:
    """New text for a story in any status: a published story changes on the site at once."""
    check_story(fields)
    article = _locked(db, content_id, now)
    _check_slug(db, fields, content_id)
    before = audit_fields.snapshot(article, now)
    _write(db, article, fields)
    _finish(db, now, by, article, EDITED, before)
    return story_out(article, now)


def _publish(article: Article, now: datetime) -> None:
    """On the site from now; a story that was on the site before keeps its date (and so its
    address) when that date has passed."""
    keeps_date = (
        article.first_published_at is not None
        and article.published_at is not None
        and article.published_at <= now
    )
    if not keeps_date:
        article.published_at = now
    article.status = PUBLISHED


def _take_down(article: Article) -> None:
    """Off the site: unpublished when it has been on it, else a draft again (without a date)."""
    if article.first_published_at is not None:
        article.status = UNPUBLISHED
    else:
        article.status, article.published_at = DRAFT, None


def publish(db: Session, now: datetime, by: ChangedBy, content_id: str) -> StoryOut:
    article = _locked(db, content_id, now)
    if on_site(article.status, article.published_at, now):
        raise refusals.already_on_site()
    before = audit_fields.snapshot(article, now)
    _publish(article, now)
    _finish(db, now, by, article, PUBLISHED_NOW, before)
    return story_out(article, now)


def schedule(db: Session, now: datetime, by: ChangedBy, content_id: str, at: datetime) -> StoryOut:
    """Published from a time to come: it appears by itself then (or a new time for a story
    already scheduled)."""
    at = at.astimezone(UTC)  # stored and compared in UTC, as every time
    if at <= now:
        raise refusals.schedule_in_past()
    article = _locked(db, content_id, now)
    if on_site(article.status, article.published_at, now):
        raise refusals.already_on_site()
    before = audit_fields.snapshot(article, now)
    article.status, article.published_at = PUBLISHED, at
    _finish(db, now, by, article, SCHEDULED, before)
    return story_out(article, now)


def unpublish(db: Session, now: datetime, by: ChangedBy, content_id: str) -> StoryOut:
    """Off the site (a scheduled story: its time is cancelled); its post_id stays."""
    article = _locked(db, content_id, now)
    if article.status != PUBLISHED:
        raise refusals.not_on_site()
    before = audit_fields.snapshot(article, now)
    _take_down(article)
    _finish(db, now, by, article, UNPUBLISHED_NOW, before)
    return story_out(article, now)


def delete_draft(db: Session, now: datetime, by: ChangedBy, content_id: str) -> None:
    """Only a story that has never been on the site goes for good."""
    article = _locked(db, content_id, now)
    if article.status != DRAFT or article.first_published_at is not None:
        raise refusals.only_drafts_deleted()
    _delete(db, now, by, article)


def _delete(db: Session, now: datetime, by: ChangedBy, article: Article) -> None:
    before = audit_fields.snapshot(article, now)
    repository.delete(db, article)
    _audit(db, now, DELETED, by, article.content_id, before, None)


def replace_from_cms(
    db: Session,
    now: datetime,
    by: ChangedBy,
    content_id: str,
    fields: StoryFields,
    *,
    published: bool,
    published_at: datetime | None,
) -> tuple[StoryOut, bool]:
    """The operator API's PUT: the story with this id becomes exactly what the CMS says,
    made when it is new. Idempotent: the same body again changes nothing (not even
    updated_at) and writes nothing to the log. True with the answer: it was made."""
    check_story(fields)
    for _ in range(_ATTEMPTS):
        article = repository.by_content_id(db, content_id, lock=True)
        made = article is None
        if article is None:
            article = _insert(db, now, by, content_id, fields)
            if article is None:  # another PUT of the same id made it meanwhile: replace it
                continue
            before: dict[str, object] = {}
        else:
            _note_on_site(article, now)
            _check_slug(db, fields, content_id)
            before = audit_fields.snapshot(article, now)
            _write(db, article, fields)
        _cms_state(article, now, published, published_at)
        if made:
            _note_on_site(article, now)
            db.flush()
            _audit(db, now, CREATED, by, content_id, None, audit_fields.snapshot(article, now))
        else:
            _finish(db, now, by, article, EDITED, before)
        return story_out(article, now), made
    raise refusals.busy()


def _cms_state(
    article: Article, now: datetime, published: bool, published_at: datetime | None
) -> None:
    if not published:
        if article.status == PUBLISHED:
            _take_down(article)
        return
    if published_at is not None:
        article.status, article.published_at = PUBLISHED, published_at.astimezone(UTC)
    elif not on_site(article.status, article.published_at, now):
        _publish(article, now)


def remove_from_cms(db: Session, now: datetime, by: ChangedBy, content_id: str) -> str:
    """The operator API's DELETE: a story that has never been on the site is deleted; one
    that has is kept unpublished, so its post_id and comments stay if it comes back.
    Answers which; a repeat changes nothing."""
    article = _locked(db, content_id, now)
    if article.first_published_at is None:
        _delete(db, now, by, article)
        return "deleted"
    if article.status == PUBLISHED:
        before = audit_fields.snapshot(article, now)
        _take_down(article)
        _finish(db, now, by, article, UNPUBLISHED_NOW, before)
    return "unpublished"
