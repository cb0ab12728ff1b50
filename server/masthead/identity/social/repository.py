"""Every query of social sign-in."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from masthead.identity.social.models import SocialAttempt, SocialIdentity, SocialRegisterKey
from masthead.identity.social.providers import ProviderIdentity


def attempt_by_state_hash(db: Session, state_hash: str) -> SocialAttempt | None:
    # Locked: two callbacks racing with one state, only one finds it unused.
    return db.scalars(
        select(SocialAttempt).where(SocialAttempt.state_hash == state_hash).with_for_update()
    ).first()


def forget_old_attempts(db: Session, before: datetime) -> None:
    """Attempts and register keys long expired say nothing anyone needs."""
    db.execute(delete(SocialAttempt).where(SocialAttempt.created_at < before))
    db.execute(delete(SocialRegisterKey).where(SocialRegisterKey.created_at < before))


def identity_of(db: Session, provider: str, subject: str) -> SocialIdentity | None:
    return db.scalars(
        select(SocialIdentity).where(
            SocialIdentity.provider == provider, SocialIdentity.subject == subject
        )
    ).first()


def identity_of_user(db: Session, user_id: int, provider: str) -> SocialIdentity | None:
    return db.scalars(
        select(SocialIdentity).where(
            SocialIdentity.user_id == user_id, SocialIdentity.provider == provider
        )
    ).first()


def register_key_by_hash(db: Session, key_hash: str) -> SocialRegisterKey | None:
    return db.scalars(
        select(SocialRegisterKey).where(SocialRegisterKey.key_hash == key_hash).with_for_update()
    ).first()


def add_identity(db: Session, user_id: int, person: ProviderIdentity, now: datetime) -> None:
    """Link the provider's account to the reader."""
    db.add(
        SocialIdentity(
            user_id=user_id,
            provider=person.provider,
            subject=person.subject,
            email=person.email,
            names=person.names,
            created_at=now,
            last_used_at=now,
        )
    )


def providers_of_user(db: Session, user_id: int) -> set[str]:
    return set(db.scalars(select(SocialIdentity.provider).where(SocialIdentity.user_id == user_id)))


def spend_confirmation(
    db: Session, user_id: int, session_id: int, provider: str, since: datetime, now: datetime
) -> bool:
    """Mark the newest fresh, unspent confirmation of this reader's session spent. One
    conditional UPDATE: of two requests racing with one confirmation, only one spends it."""
    newest = (
        select(SocialAttempt.id)
        .where(
            SocialAttempt.purpose == "confirm",
            SocialAttempt.user_id == user_id,
            SocialAttempt.session_id == session_id,
            SocialAttempt.provider == provider,
            SocialAttempt.confirmed_at > since,
            SocialAttempt.spent_at.is_(None),
        )
        .order_by(SocialAttempt.confirmed_at.desc())
        .limit(1)
    )
    attempt_id = db.scalars(newest).first()
    if attempt_id is None:
        return False
    spent = db.execute(
        update(SocialAttempt)
        .where(SocialAttempt.id == attempt_id, SocialAttempt.spent_at.is_(None))
        .values(spent_at=now)
        .execution_options(synchronize_session=False)
    )
    return bool(getattr(spent, "rowcount", 0) == 1)
