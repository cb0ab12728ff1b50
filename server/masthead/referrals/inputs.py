"""Checking what pages send: widget parameters and user fields (400 with a message)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Any

from email_validator import EmailNotValidError, validate_email

from masthead.referrals import templates
from masthead.referrals.errors import bad_request
from masthead.referrals.models import Tenant

ENGAGEMENT_MEDIUMS = ("POPUP", "EMBED", "CTA", "HOSTED", "MOBILE", "EMAIL", "UNKNOWN")
# Classic types, or SaaSquatch's programme form `p/<programme>/w/referrerWidget|referredWidget`.
_PROGRAMME_WIDGET = re.compile(
    r"^p/(?P<slug>[A-Za-z0-9_-]{1,64})/w/(?P<kind>referrerWidget|referredWidget)$"
)
_LOCALE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z]{2})?$")
# The same rule for the OpenAPI document (schemas.py, the routes): empty means none.
LOCALE_PATTERN = r"^(?:[a-z]{2,3}(?:[_-][A-Za-z]{2})?)?$"
NAME_LIMIT = 100
MAX_RECIPIENTS = 20  # of one invite call (invites.py)


@dataclass(frozen=True)
class WidgetRequest:
    widget_type: str  # REFERRER_WIDGET or CONVERSION_WIDGET
    engagement_medium: str
    locale: str | None
    programme_slug: str | None


@dataclass(frozen=True)
class UserFields:
    email: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    locale: str | None = None


def widget_request(
    tenant: Tenant, widget_type: str | None, engagement_medium: str | None, locale: str | None
) -> WidgetRequest:
    options = tenant.js_options.get("widget")
    default = options.get("defaultWidgetType") if isinstance(options, dict) else None
    raw = (
        widget_type or (default if isinstance(default, str) else None) or templates.REFERRER_WIDGET
    )
    slug = None
    if raw in (templates.REFERRER_WIDGET, templates.CONVERSION_WIDGET):
        kind = raw
    elif match := _PROGRAMME_WIDGET.match(raw):
        slug = match["slug"]
        referrer = match["kind"] == "referrerWidget"
        kind = templates.REFERRER_WIDGET if referrer else templates.CONVERSION_WIDGET
    else:
        raise bad_request(
            "widgetType must be REFERRER_WIDGET, CONVERSION_WIDGET or "
            "p/<programme>/w/referrerWidget|referredWidget."
        )
    medium = engagement_medium or "POPUP"
    if medium not in ENGAGEMENT_MEDIUMS:
        raise bad_request(f"engagementMedium must be one of {', '.join(ENGAGEMENT_MEDIUMS)}.")
    return WidgetRequest(kind, medium, clean_locale(locale), slug)


def clean_locale(locale: str | None) -> str | None:
    if not locale:
        return None
    if not _LOCALE.match(locale):
        raise bad_request("locale must look like en or en_US.")
    return locale.replace("-", "_")


def clean_name(value: str | None, field: str) -> str | None:
    if value is None:
        return None
    # Control characters (CR, LF...) would end up in mail headers.
    cleaned = "".join(ch for ch in value if unicodedata.category(ch) != "Cc").strip()
    if len(cleaned) > NAME_LIMIT:
        raise bad_request(f"{field} must be at most {NAME_LIMIT} characters.")
    return cleaned


def clean_email(value: str | None, field: str = "email") -> str | None:
    if value is None or not value.strip():
        return None
    try:
        return validate_email(value.strip(), check_deliverability=False).normalized
    except EmailNotValidError:
        raise bad_request(f"{field} is not a valid email address.") from None


def user_fields(body: dict[str, Any], claims: dict[str, Any]) -> UserFields:
    """Body fields, overridden by the signed token's where it has them."""
    merged = {**body, **{k: v for k, v in claims.items() if isinstance(v, str)}}
    return UserFields(
        email=clean_email(merged.get("email")),
        first_name=clean_name(merged.get("firstName"), "firstName"),
        last_name=clean_name(merged.get("lastName"), "lastName"),
        locale=clean_locale(merged.get("locale")),
    )
