"""A site's comment rules (who may comment, pre-moderation), by its spot id.

A spot without a CommentSiteSettings row has the defaults below: signed-in readers comment,
and a new commenter's first comments wait for a moderator. The writing service and the staff
console read them through `read_site_rules`, so both mean the same by "no row"."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from masthead.comments.models import CommentSiteSettings

DEFAULT_WHO_MAY_COMMENT = "signed-in"  # one of models.WHO_MAY_COMMENT
DEFAULT_PREMODERATION = "first-comments"  # one of models.PREMODERATION


@dataclass(frozen=True, slots=True)
class SiteRules:
    who_may_comment: str
    premoderation: str


DEFAULTS = SiteRules(DEFAULT_WHO_MAY_COMMENT, DEFAULT_PREMODERATION)


def read_site_rules(db: Session, spot_id: str) -> SiteRules:
    row = db.scalars(
        select(CommentSiteSettings).where(CommentSiteSettings.spot_id == spot_id)
    ).first()
    if row is None:
        return DEFAULTS
    return SiteRules(row.who_may_comment, row.premoderation)
