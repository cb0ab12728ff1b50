"""Confirming with the provider: a signed-in reader without a password (or with one, by
choice) proves it is them by signing in with the provider linked to their account, before a
step as grave as deleting it.

The popup is a social sign-in attempt with purpose `confirm`, made by the reader's session. Its
callback signs nobody in and registers nobody: it only marks the attempt confirmed when the
provider vouched for the very identity linked to that reader. The step that needs it then
spends the confirmation: once, from the same session, within CONFIRM_MINUTES.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.social import repository
from masthead.identity.social.models import SocialAttempt
from masthead.identity.social.providers import LABELS, PROVIDERS, ProviderIdentity, SocialError

CONFIRM = "confirm"
SIGN_IN = "sign-in"
# Long enough to come back from the popup and press the button; short enough that a browser
# left signed in does not carry a confirmation around.
CONFIRM_MINUTES = 5


class NotLinked(Exception):
    """The reader's account has no identity of this provider to confirm with."""

    def __init__(self, provider: str) -> None:
        super().__init__(f"Your Masthead account is not linked with {LABELS[provider]}.")


def linked_providers(db: Session, user_id: int) -> list[str]:
    """The providers the reader can confirm with, in the order the buttons show them."""
    linked = repository.providers_of_user(db, user_id)
    return [provider for provider in PROVIDERS if provider in linked]


def require_linked(db: Session, user_id: int, provider: str) -> None:
    if repository.identity_of_user(db, user_id, provider) is None:
        raise NotLinked(provider)


def confirm(db: Session, rt: Runtime, attempt: SocialAttempt, person: ProviderIdentity) -> None:
    """The callback of a confirm attempt: the provider must have vouched for the identity
    linked to the reader who started it. Nothing else changes."""
    assert attempt.user_id is not None  # a confirm attempt is always made signed in
    linked = repository.identity_of_user(db, attempt.user_id, person.provider)
    if linked is None or linked.subject != person.subject:
        raise SocialError(
            f"That {LABELS[person.provider]} account is not the one linked to your Masthead "
            "account. Please confirm with the one you sign in with."
        )
    attempt.confirmed_at = rt.clock.now()


def spend(rt: Runtime, user_id: int, session_id: int, provider: str) -> bool:
    """Use up a fresh confirmation of this reader, from this session, with this provider.

    Committed in a transaction of its own, before whatever it guards goes on: a confirmation
    works once, even when the step it was made for fails later and is tried again."""
    now = rt.clock.now()
    with rt.sessions.begin() as own:
        return repository.spend_confirmation(
            own, user_id, session_id, provider, now - timedelta(minutes=CONFIRM_MINUTES), now
        )
