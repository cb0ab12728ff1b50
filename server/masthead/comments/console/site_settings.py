"""Each site's comment rules as moderators set them: who may comment and what waits for a
moderator. One entry per brand (the newsroom's sites, by their comments spot); a site without
a saved row has the defaults the writing service uses too (comments/site_rules.py)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.comments.console import refusals, repository
from masthead.comments.console.schemas import SiteSettingsChange, SiteSettingsList, SiteSettingsOut
from masthead.comments.console.service import audit
from masthead.comments.models import CommentSiteSettings
from masthead.comments.site_rules import DEFAULT_PREMODERATION, DEFAULT_WHO_MAY_COMMENT
from masthead.deps import Runtime
from masthead.newsroom import DESKS
from masthead.staff.api import SignedInStaff

SITE = "comment_site"  # the audit entries' target_type: target_id is the spot id
# The sites, by spot, in the newsroom's order: the brands are the sites.
SITES = {desk.spot_id: desk.name for desk in DESKS.values()}


def listing(db: Session) -> SiteSettingsList:
    saved = repository.site_settings(db)
    sites = []
    for spot_id, name in SITES.items():
        row = saved.get(spot_id)
        sites.append(
            SiteSettingsOut(
                spot_id=spot_id,
                site=name,
                who_may_comment=row.who_may_comment if row else DEFAULT_WHO_MAY_COMMENT,
                premoderation=row.premoderation if row else DEFAULT_PREMODERATION,
            )
        )
    return SiteSettingsList(sites=sites)


def change(
    db: Session, rt: Runtime, staff: SignedInStaff, asked: SiteSettingsChange, address: str
) -> SiteSettingsList:
    """The sites named, set as asked; each site whose rules change is audited once."""
    seen: set[str] = set()
    for entry in asked.sites:
        if entry.spot_id in seen:
            raise refusals.site_twice(entry.spot_id)
        seen.add(entry.spot_id)
    current = {site.spot_id: site for site in listing(db).sites}
    saved = repository.site_settings(db)
    now = rt.clock.now()
    for entry in asked.sites:
        was = current[entry.spot_id]
        before = {"who_may_comment": was.who_may_comment, "premoderation": was.premoderation}
        after = {"who_may_comment": entry.who_may_comment, "premoderation": entry.premoderation}
        if before == after:
            continue
        row = saved.get(entry.spot_id)
        if row is None:
            row = CommentSiteSettings(spot_id=entry.spot_id)
            db.add(row)
        row.who_may_comment = entry.who_may_comment
        row.premoderation = entry.premoderation
        row.updated_at = now
        audit(
            db,
            rt,
            staff,
            "site_settings_changed",
            address,
            target_type=SITE,
            target_id=entry.spot_id,
            before=before,
            after=after,
        )
    db.flush()
    return listing(db)
