"""Referral rules: tenants, tokens, participants and their attribution, share links, analytics.

The caller's transaction commits. Input checks live in inputs.py, renders in rendering.py,
conversions in conversions.py, invites in invites.py.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

from sqlalchemy.orm import Session

from masthead.clock import Clock
from masthead.deps import Runtime
from masthead.referrals import cookie, repository, schemas, tenant_cache, tokens
from masthead.referrals.errors import ReferralError, bad_request
from masthead.referrals.inputs import ENGAGEMENT_MEDIUMS, UserFields
from masthead.referrals.models import Programme, Referral, ReferralUser, Tenant
from masthead.referrals.share import SHARE_MEDIUMS

_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
ANONYMOUS_PREFIX = "anon_"
SHARE_COOKIE_DAYS = 365
JWT_LIFETIME = timedelta(hours=1)


def tenant_for(db: Session, alias: str) -> Tenant:
    tenant = repository.tenant_by_alias(db, alias)
    if tenant is None:
        raise ReferralError("TENANT_NOT_FOUND", f'There is no referral tenant "{alias[:64]}".')
    return tenant


def programme_for(db: Session, tenant: Tenant, slug: str | None = None) -> Programme:
    programme = (
        repository.programme_by_slug(db, tenant.id, slug)
        if slug
        else repository.default_programme(db, tenant.id)
    )
    if programme is None:
        named = f' "{slug}"' if slug else ""
        raise ReferralError("PROGRAM_NOT_FOUND", f"This tenant has no referral programme{named}.")
    return programme


def user_for(db: Session, tenant: Tenant, account_id: str, user_id: str) -> ReferralUser:
    user = repository.user_by_ids(db, tenant.id, account_id, user_id)
    if user is None:
        raise ReferralError(
            "USER_NOT_FOUND",
            f'There is no user "{user_id[:64]}" in account "{account_id[:64]}". '
            "Upsert the user first.",
        )
    return user


# --- tokens ---------------------------------------------------------------------------------


def authorise_user(
    tenant: Tenant, token: str | None, account_id: str, user_id: str, now: datetime
) -> dict[str, Any]:
    """The signed user claims, or {} for an unsigned call to a test-mode tenant."""
    if token is None:
        if tenant.mode == "live":
            raise ReferralError(
                "TOKEN_REQUIRED",
                "This call needs a user token (X-SaaSquatch-User-Token) signed with the "
                "tenant's API key.",
            )
        return {}
    claims = tokens.decode(token, tenant.api_key, now)
    tokens.check_user(claims, account_id, user_id)
    return claims.user


def authorise_server(tenant: Tenant, api_key: str) -> None:
    """A call from the merchant's own server: it holds the tenant's API key."""
    if not hmac.compare_digest(api_key.encode(), tenant.api_key.encode()):
        raise ReferralError(
            "INVALID_API_KEY",
            "The API key does not match this tenant's key. Send the tenant's API key as the "
            "password of HTTP Basic auth.",
        )


def authorise_anonymous(tenant: Tenant, token: str | None, now: datetime) -> None:
    """Anonymous calls need no token; one that is sent must still be valid."""
    if token is not None:
        tokens.decode(token, tenant.api_key, now)


def issue_user_jwt(
    db: Session,
    tenant_alias: str,
    user_payload: dict[str, Any],
    *,
    clock: Clock | None = None,
    lifetime: timedelta = JWT_LIFETIME,
) -> str:
    """A user JWT for the widget, signed with the tenant's key (the site API hands it out)."""
    for key in ("id", "accountId"):
        if not isinstance(user_payload.get(key), str) or not user_payload[key]:
            raise ValueError(f"user_payload needs a non-empty string {key}")
    tenant = tenant_for(db, tenant_alias)
    expires = (clock or Clock()).now() + lifetime
    return tokens.encode(
        {"user": dict(user_payload), "exp": int(expires.timestamp())}, tenant.api_key
    )


# --- participants ---------------------------------------------------------------------------


def _new_code(first_name: str | None, last_name: str | None, attempt: int) -> str:
    letters = unicodedata.normalize("NFKD", f"{first_name or ''}{last_name or ''}")
    base = "".join(ch for ch in letters if ch.isascii() and ch.isalnum()).upper()[:12]
    suffix = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(4 + attempt))
    return (base or "FRIEND") + suffix


def _share_link(rt: Runtime, tenant: Tenant, code: str) -> str:
    base = rt.settings.public_url.rstrip("/")
    return f"{base}/a/{quote(tenant.alias, safe='')}/r/{quote(code, safe='')}"


def _create_user(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    account_id: str,
    user_id: str,
    fields: UserFields,
    anonymous: bool,
) -> tuple[ReferralUser, bool]:
    """(user, created): created is False when a concurrent request created it first."""
    now = rt.clock.now()
    for attempt in range(6):
        code = _new_code(fields.first_name, fields.last_name, attempt)
        if repository.user_by_code(db, tenant.id, code) is not None:
            continue
        new_id = repository.insert_unless_conflict(
            db,
            ReferralUser,
            {
                "tenant_id": tenant.id,
                "account_id": account_id,
                "user_id": user_id,
                "email": fields.email,
                "first_name": fields.first_name or "",
                "last_name": fields.last_name or "",
                "referral_code": code,
                "share_link": _share_link(rt, tenant, code),
                "locale": fields.locale,
                "anonymous": anonymous,
                "created_at": now,
                "updated_at": now,
            },
        )
        if new_id is not None:
            user = db.get(ReferralUser, new_id)
            assert user is not None
            return user, True
        existing = repository.user_by_ids(db, tenant.id, account_id, user_id)
        if existing is not None:
            return existing, False
    raise RuntimeError("could not find a free referral code")  # 32^9 codes per name: unreachable


def _update_user(rt: Runtime, user: ReferralUser, fields: UserFields) -> None:
    changes = {
        "email": fields.email,
        "first_name": fields.first_name,
        "last_name": fields.last_name,
        "locale": fields.locale,
    }
    changed = False
    for name, value in changes.items():
        if value is not None and getattr(user, name) != value:
            setattr(user, name, value)
            changed = True
    if changed:
        user.updated_at = rt.clock.now()


def _same_person(referrer: ReferralUser, user: ReferralUser) -> bool:
    same_email = bool(
        referrer.email and user.email and referrer.email.lower() == user.email.lower()
    )
    return referrer.id == user.id or referrer.account_id == user.account_id or same_email


def _attribute(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    user: ReferralUser,
    raw_cookie: str | dict[str, Any] | None,
) -> None:
    """Record who referred a new participant, from the first usable code in the cookie."""
    if not raw_cookie:
        return
    try:
        data = raw_cookie if isinstance(raw_cookie, dict) else cookie.decode(raw_cookie)
    except cookie.CookieError:
        return  # a damaged cookie must not keep the reader from their widget
    now = rt.clock.now()
    for slug, code in cookie.codes_for_tenant(data, tenant.alias, now):
        referrer = repository.user_by_code(db, tenant.id, code)
        if referrer is None or _same_person(referrer, user):
            continue
        programme = repository.programme_by_slug(
            db, tenant.id, slug
        ) or repository.default_programme(db, tenant.id)
        if programme is None:
            return
        repository.insert_unless_conflict(
            db,
            Referral,
            {
                "tenant_id": tenant.id,
                "programme_id": programme.id,
                "referrer_id": referrer.id,
                "referred_id": user.id,
                "code": code,
                "status": "PENDING",
                "created_at": now,
            },
        )
        return


def upsert_user(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    account_id: str,
    user_id: str,
    fields: UserFields,
    raw_cookie: str | dict[str, Any] | None,
    *,
    anonymous: bool = False,
) -> ReferralUser:
    """Create or update the participant; a referral is attributed only when it is created."""
    user = repository.user_by_ids(db, tenant.id, account_id, user_id)
    if user is None:
        user, created = _create_user(db, rt, tenant, account_id, user_id, fields, anonymous)
        if created:
            _attribute(db, rt, tenant, user, raw_cookie)
            return user
    _update_user(rt, user, fields)
    return user


def anonymous_ids(visitor_token: str) -> str:
    """The id of a cookie user: derived from its secret cookie, which it does not reveal."""
    return ANONYMOUS_PREFIX + hashlib.sha256(visitor_token.encode()).hexdigest()[:32]


def cookie_user(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    visitor_token: str | None,
    fields: UserFields,
    raw_cookie: str | dict[str, Any] | None,
) -> tuple[ReferralUser, str | None]:
    """The anonymous participant behind the visitor cookie; a new token when there was none."""
    new_token = None
    if visitor_token is None:
        visitor_token = new_token = secrets.token_urlsafe(24)
    ids = anonymous_ids(visitor_token)
    user = upsert_user(db, rt, tenant, ids, ids, fields, raw_cookie, anonymous=True)
    return user, new_token


# --- cookie codes, share links, analytics ---------------------------------------------------


def cookie_codes(tenant: Tenant, value: str | None, now: datetime) -> schemas.CookieCodesResponse:
    """This tenant's codes in a `_saasquatch` cookie value (none without a value)."""
    if value is None:
        return schemas.CookieCodesResponse(codes=[], codesByProgramme={}, code=None)
    try:
        data = cookie.decode(value)
    except cookie.CookieError as exc:
        raise ReferralError("INVALID_COOKIE", str(exc)) from None
    pairs = cookie.codes_for_tenant(data, tenant.alias, now)
    by_programme: dict[str, str] = {}
    for slug, code in pairs:
        by_programme.setdefault(slug, code)
    codes = list(dict.fromkeys(code for _, code in pairs))
    return schemas.CookieCodesResponse(
        codes=codes, codesByProgramme=by_programme, code=codes[0] if codes else None
    )


def share_landing(db: Session, rt: Runtime, tenant: Tenant, code: str) -> str:
    """Where a share link leads: the landing page, carrying the referral cookie parameter."""
    programme = programme_for(db, tenant)
    referrer = repository.user_by_code(db, tenant.id, code.upper())
    if referrer is None:
        return programme.landing_url
    domain = urlsplit(rt.settings.public_url).hostname or "masthead"
    expires = rt.clock.now() + timedelta(days=SHARE_COOKIE_DAYS)
    value = cookie.encode(
        cookie.build(domain, tenant.alias, programme.slug, referrer.referral_code, expires)
    )
    parts = urlsplit(programme.landing_url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != cookie.COOKIE_NAME]
    query.append((cookie.COOKIE_NAME, value))
    return urlunsplit(parts._replace(query=urlencode(query)))


async def analytics_tenant_id(rt: Runtime, alias: str) -> int:
    """The tenant of an analytics call, without a session (see ingest.py): kept a second at
    most (tenant_cache.py), as the origin check keeps it."""
    found = await tenant_cache.tenant_facts(rt, alias)
    if found is None:
        raise ReferralError("TENANT_NOT_FOUND", f'There is no referral tenant "{alias[:64]}".')
    return found.id


def analytics_event(
    rt: Runtime,
    tenant_id: int,
    type_: str,
    account_id: str,
    user_id: str,
    engagement_medium: str,
    *,
    share_medium: str | None = None,
    program_id: str | None = None,
) -> dict[str, Any]:
    """The checked row of a widget analytic (loaded or shared), for ingest.AnalyticsWriter."""
    if engagement_medium not in ENGAGEMENT_MEDIUMS:
        raise bad_request(f"engagementMedium must be one of {', '.join(ENGAGEMENT_MEDIUMS)}.")
    if type_ == "shared" and share_medium not in SHARE_MEDIUMS:
        raise bad_request(f"shareMedium must be one of {', '.join(SHARE_MEDIUMS)}.")
    return {
        "tenant_id": tenant_id,
        "type": type_,
        "account_id": account_id,
        "user_id": user_id,
        "engagement_medium": engagement_medium,
        "share_medium": share_medium,
        "program_id": program_id,
        "at": rt.clock.now(),
    }
