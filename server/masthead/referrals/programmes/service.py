"""Tenants and their programmes: the rules behind the console, the operator API and the CLI.

The caller's transaction commits; each change writes its audit entry in it (actor None: the
operator API or the command line). A tenant's API key is written in the audit log never: it
signs its users' JWTs, so Masthead keeps it in clear (tokens.py, service.authorise_server)
and shows it once, when made.

Rotation replaces the key at once, with no grace period: a key is rotated because it may
have leaked, and a leaked key that still worked for an hour would still mint user JWTs.
Every referral call reads the tenant's key from its row (only origins are kept a second,
tenant_cache.py), so the old key is refused from the next call on, in every process.
"""

from __future__ import annotations

import json
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from masthead.referrals import repository as referral_repository
from masthead.referrals.models import Programme, Tenant
from masthead.referrals.programmes import codes, repository, schemas
from masthead.referrals.programmes.codes import code_counts
from masthead.referrals.programmes.errors import (
    invalid_programme,
    invalid_tenant,
    no_programme,
    no_tenant,
    taken,
)
from masthead.referrals.programmes.origins import OriginError, normalise_origins
from masthead.staff.api import Actor, record_action

KEY_BYTES = 32  # token_urlsafe: 43 characters, above production_check's 32-byte floor
TENANT_TARGET = "referral-tenant"  # audit target_type; target_id is the alias
PROGRAMME_TARGET = "referral-programme"  # target_id is "alias/slug"


@dataclass(frozen=True)
class Who:
    """Who changes something, for the audit log: a staff member (actor) or an operator's
    tool (None), from an address (None on the command line)."""

    actor: Actor | None
    address: str | None
    now: datetime


def new_api_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


# --- tenants --------------------------------------------------------------------------------


def tenant_out(tenant: Tenant, programmes: int) -> schemas.TenantOut:
    return schemas.TenantOut(
        alias=tenant.alias,
        name=tenant.name,
        mode=tenant.mode,
        allowed_origins=list(tenant.allowed_origins or []),
        js_options=dict(tenant.js_options or {}),
        created_at=tenant.created_at,
        key_rotated_at=tenant.key_rotated_at,
        key_ends_with=tenant.api_key[-4:],
        programmes=programmes,
    )


def _shown(tenant: Tenant) -> dict[str, Any]:
    """A tenant as the audit log records it: never its key."""
    return {
        "name": tenant.name,
        "mode": tenant.mode,
        "allowed_origins": list(tenant.allowed_origins or []),
        "js_options": dict(tenant.js_options or {}),
    }


def live_tenant(db: Session, alias: str) -> Tenant:
    tenant = referral_repository.tenant_by_alias(db, alias)
    if tenant is None:
        raise no_tenant(alias)
    return tenant


def tenant_page(db: Session, after: str | None, limit: int) -> schemas.TenantPage:
    rows = repository.tenant_page(db, after, limit + 1)  # one more tells a next page exists
    shown = rows[:limit]
    return schemas.TenantPage(
        items=[tenant_out(tenant, n) for tenant, n in shown],
        next=shown[-1][0].alias if len(rows) > limit else None,
    )


def show_tenant(db: Session, alias: str) -> schemas.TenantOut:
    tenant = live_tenant(db, alias)
    return tenant_out(tenant, repository.programme_count(db, tenant.id))


def _unprintable(text: str) -> bool:
    """Control characters (NUL among them, which PostgreSQL cannot store) or lone halves of
    a surrogate pair, which no UTF-8 text holds."""
    return any(unicodedata.category(ch) in ("Cc", "Cs") for ch in text)


def _name(value: str, what: str) -> str:
    name = value.strip()
    if not name:
        raise invalid_tenant(f"Give the {what} a name.")
    if _unprintable(name):
        raise invalid_tenant(f"The {what}'s name may not hold control characters.")
    return name


def _origins(values: list[str]) -> list[str]:
    try:
        return normalise_origins(values)
    except OriginError as exc:
        raise invalid_tenant(str(exc)) from None


def _js_options(value: dict[str, Any]) -> dict[str, Any]:
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:  # a lone half of a surrogate pair: no JSON text can hold it
        raise invalid_tenant("The widget options hold text that is not valid Unicode.") from None
    if len(json.dumps(value)) > schemas.MAX_JS_OPTIONS_CHARS:
        raise invalid_tenant(
            f"The widget options are longer than {schemas.MAX_JS_OPTIONS_CHARS:,} characters "
            "of JSON."
        )
    return value


def _mode(mode: str, production: bool) -> str:
    if production and mode == "test":
        # production.py refuses to start with a test-mode tenant: the next restart would fail.
        raise invalid_tenant(
            "In production every tenant is in live mode: a test-mode tenant accepts widget "
            "calls without a user JWT, and the server refuses to start with one."
        )
    return mode


def create_tenant(
    db: Session, who: Who, body: schemas.TenantIn, *, production: bool
) -> schemas.TenantWithKey:
    """A new tenant with a new random key, shown this once."""
    values = {
        "alias": body.alias,
        "name": _name(body.name, "tenant"),
        "mode": _mode(body.mode, production),
        "allowed_origins": _origins(body.allowed_origins),
        "js_options": _js_options(body.js_options),
        "api_key": new_api_key(),
        "created_at": who.now,
    }
    if referral_repository.tenant_by_alias_even_deleted(db, body.alias) is not None:
        raise _alias_taken(body.alias)
    new_id = referral_repository.insert_unless_conflict(db, Tenant, values)
    if new_id is None:  # made by another request a moment ago
        raise _alias_taken(body.alias)
    tenant = db.get(Tenant, new_id)
    assert tenant is not None
    _record(db, who, "referral_tenant.created", tenant.alias, None, _shown(tenant))
    return schemas.TenantWithKey(tenant=tenant_out(tenant, 0), api_key=tenant.api_key)


def _alias_taken(alias: str) -> Exception:
    return taken(
        "alias-taken",
        f'The alias "{alias}" is taken (by this or a deleted tenant): aliases are never '
        "reused, since share links and referral cookies carry them. Choose another.",
    )


def change_tenant(
    db: Session, who: Who, alias: str, change: schemas.TenantChange, *, production: bool
) -> schemas.TenantOut:
    tenant = live_tenant(db, alias)
    before = _shown(tenant)
    if change.name is not None:
        tenant.name = _name(change.name, "tenant")
    if change.mode is not None and change.mode != tenant.mode:
        tenant.mode = _mode(change.mode, production)
    if change.allowed_origins is not None:
        tenant.allowed_origins = _origins(change.allowed_origins)
    if change.js_options is not None:
        tenant.js_options = _js_options(change.js_options)
    after = _shown(tenant)
    if after != before:
        db.flush()  # the tenant cache of this process counts the edit once committed
        _record(db, who, "referral_tenant.changed", alias, before, after)
    return tenant_out(tenant, repository.programme_count(db, tenant.id))


def rotate_key(db: Session, who: Who, alias: str) -> schemas.TenantWithKey:
    """A new key at once; the old one is refused from the next call on (see above)."""
    tenant = live_tenant(db, alias)
    tenant.api_key = new_api_key()
    previous, tenant.key_rotated_at = tenant.key_rotated_at, who.now
    db.flush()
    _record(
        db,
        who,
        "referral_tenant.key_rotated",
        alias,
        {"key_rotated_at": previous.isoformat() if previous else None},
        {"key_rotated_at": who.now.isoformat()},
    )
    count = repository.programme_count(db, tenant.id)
    return schemas.TenantWithKey(tenant=tenant_out(tenant, count), api_key=tenant.api_key)


def delete_tenant(db: Session, who: Who, alias: str) -> None:
    """Soft: the row stays (its users, referrals and analytics refer to it; an analytics
    batch of another process may still name it for a second), every referral call answers
    404 TENANT_NOT_FOUND from now on, and the alias is never reused."""
    tenant = live_tenant(db, alias)
    tenant.deleted_at = who.now
    db.flush()
    _record(db, who, "referral_tenant.deleted", alias, _shown(tenant), None)


# --- programmes -----------------------------------------------------------------------------


def _programme_shown(programme: Programme) -> dict[str, Any]:
    return {
        "name": programme.name,
        "referrer_reward": programme.referrer_reward,
        "referred_reward": programme.referred_reward,
        "conversion_keys": list(programme.conversion_keys or []),
        "landing_url": programme.landing_url,
    }


def programme_out(
    programme: Programme, default: bool, counts: tuple[int, int]
) -> schemas.ProgrammeOut:
    return schemas.ProgrammeOut(
        slug=programme.slug,
        **_programme_shown(programme),
        created_at=programme.created_at,
        default=default,
        codes=code_counts(*counts),
    )


def programmes(db: Session, alias: str) -> schemas.ProgrammeList:
    tenant = live_tenant(db, alias)
    rows = repository.programmes_of(db, tenant.id)
    counts = repository.code_counts(db, [p.id for p in rows])
    return schemas.ProgrammeList(
        items=[
            programme_out(p, index == 0, counts.get(p.id, (0, 0))) for index, p in enumerate(rows)
        ]
    )


def programme_of(db: Session, tenant: Tenant, slug: str) -> Programme:
    programme = referral_repository.programme_by_slug(db, tenant.id, slug)
    if programme is None:
        raise no_programme(tenant.alias, slug)
    return programme


def show_programme(db: Session, alias: str, slug: str) -> schemas.ProgrammeOut:
    tenant = live_tenant(db, alias)
    return _out(db, tenant, programme_of(db, tenant, slug))


def _out(db: Session, tenant: Tenant, programme: Programme) -> schemas.ProgrammeOut:
    default = referral_repository.default_programme(db, tenant.id)
    counts = repository.code_counts(db, [programme.id]).get(programme.id, (0, 0))
    return programme_out(programme, default is not None and default.id == programme.id, counts)


def _landing_url(value: str) -> str:
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise invalid_programme(
            "The landing URL must be a full http or https address, such as "
            "https://shop.example/join."
        )
    if not url.isascii() or any(ch.isspace() or ord(ch) < 32 or ord(ch) == 127 for ch in url):
        raise invalid_programme(
            "The landing URL may not hold spaces, control characters or characters outside "
            "ASCII: percent-encode them (%20...)."
        )
    return url


def _text(value: str, what: str) -> str:
    text = value.strip()
    if not text:
        raise invalid_programme(f"Write the {what}.")
    if _unprintable(text):
        raise invalid_programme(f"The {what} may not hold control characters.")
    return text


def create_programme(
    db: Session, who: Who, alias: str, body: schemas.ProgrammeIn
) -> schemas.ProgrammeOut:
    tenant = live_tenant(db, alias)
    values = {
        "tenant_id": tenant.id,
        "slug": body.slug,
        "name": _text(body.name, "programme's name"),
        "referrer_reward": _text(body.referrer_reward, "referrer's reward"),
        "referred_reward": _text(body.referred_reward, "referred friend's reward"),
        "conversion_keys": list(dict.fromkeys(body.conversion_keys)),
        "landing_url": _landing_url(body.landing_url),
        "created_at": who.now,
    }
    new_id = referral_repository.insert_unless_conflict(db, Programme, values)
    if new_id is None:
        raise taken(
            "slug-taken",
            f'The tenant has a programme "{body.slug}" already: choose another id, or change '
            "that one.",
        )
    programme = db.get(Programme, new_id)
    assert programme is not None
    target = f"{alias}/{body.slug}"
    _record(
        db,
        who,
        "referral_programme.created",
        target,
        None,
        _programme_shown(programme),
        PROGRAMME_TARGET,
    )
    return _out(db, tenant, programme)


def change_programme(
    db: Session, who: Who, alias: str, slug: str, change: schemas.ProgrammeChange
) -> schemas.ProgrammeOut:
    tenant = live_tenant(db, alias)
    programme = programme_of(db, tenant, slug)
    before = _programme_shown(programme)
    if change.name is not None:
        programme.name = _text(change.name, "programme's name")
    if change.referrer_reward is not None:
        programme.referrer_reward = _text(change.referrer_reward, "referrer's reward")
    if change.referred_reward is not None:
        programme.referred_reward = _text(change.referred_reward, "referred friend's reward")
    if change.conversion_keys is not None:
        programme.conversion_keys = list(dict.fromkeys(change.conversion_keys))
    if change.landing_url is not None:
        programme.landing_url = _landing_url(change.landing_url)
    after = _programme_shown(programme)
    if after != before:
        db.flush()
        _record(
            db,
            who,
            "referral_programme.changed",
            f"{alias}/{slug}",
            before,
            after,
            PROGRAMME_TARGET,
        )
    return _out(db, tenant, programme)


def _record(
    db: Session,
    who: Who,
    action: str,
    target: str,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
    target_type: str = TENANT_TARGET,
) -> None:
    record_action(
        db,
        who.now,
        action,
        who.actor,
        target_type=target_type,
        target_id=target,
        before=before,
        after=after,
        address=who.address,
    )


# --- code banks -----------------------------------------------------------------------------


def upload_codes(db: Session, who: Who, alias: str, slug: str, text: str) -> schemas.CodesAdded:
    """All or nothing (codes.py); the audit entry counts the codes, never lists them."""
    added, counts = codes.upload(db, alias, slug, text)
    _record(
        db,
        who,
        "referral_codes.uploaded",
        f"{alias}/{slug}",
        {"left": counts.left - added},
        {"added": added, "left": counts.left},
        PROGRAMME_TARGET,
    )
    return schemas.CodesAdded(added=added, codes=counts)
