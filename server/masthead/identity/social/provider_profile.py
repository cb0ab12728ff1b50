"""The provider's name parts of a reader: GET and PUT /blaize/profile/{provider}."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity import service as identity_service
from masthead.identity.service import IdentityError
from masthead.identity.social import repository
from masthead.identity.social.models import SocialIdentity
from masthead.identity.social.providers import LABELS

NAME_KEYS = ("first-name", "last-name", "full-name")


def provider_names(db: Session, user_id: int, provider: str) -> dict[str, str]:
    linked = _linked(db, user_id, provider)
    return {key: str(linked.names.get(key, "")) for key in NAME_KEYS}


def update_provider_names(
    db: Session, rt: Runtime, user_id: int, provider: str, update: dict[str, Any]
) -> dict[str, str]:
    linked = _linked(db, user_id, provider)
    cleaned = identity_service.clean_profile_update(update, {})
    linked.names = {**linked.names, **{k: v for k, v in cleaned.items() if k in NAME_KEYS}}
    linked.last_used_at = rt.clock.now()
    return {key: str(linked.names.get(key, "")) for key in NAME_KEYS}


def _linked(db: Session, user_id: int, provider: str) -> SocialIdentity:
    linked = repository.identity_of_user(db, user_id, provider)
    if linked is None:
        raise IdentityError(
            "not-linked", f"Your account is not linked to {LABELS.get(provider, provider)}."
        )
    return linked
