"""Which providers are offered, and how each is reached: pure, from the settings.

A provider with settings of its own (client id and secret; Apple's team, key id and key) is
the real one, through Authlib. Without them the development identity provider stands in for
it while MASTHEAD_SOCIAL_DEVELOPMENT_PROVIDER is on (make run's default, refused in
production); otherwise the provider is not offered at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from masthead.settings import Settings

ProviderName = Literal["google", "facebook", "apple"]
PROVIDERS: tuple[ProviderName, ...] = ("google", "facebook", "apple")
LABELS: dict[str, str] = {"google": "Google", "facebook": "Facebook", "apple": "Apple"}
Mode = Literal["real", "development"]


class SocialError(Exception):
    """A sign-in that cannot go on; the message is a sentence for the reader."""


@dataclass(frozen=True)
class ProviderIdentity:
    """What a provider vouches for about the person who signed in."""

    provider: str
    subject: str
    email: str  # lower case; "" when the provider shared none
    email_verified: bool
    # first-name, last-name, full-name: only those the provider told (Apple: first time only)
    names: dict[str, str] = field(default_factory=dict)


def has_settings(settings: Settings, provider: str) -> bool:
    if provider == "google":
        return bool(settings.google_client_id and settings.google_client_secret)
    if provider == "facebook":
        return bool(settings.facebook_client_id and settings.facebook_client_secret)
    if provider == "apple":
        return bool(
            settings.apple_client_id
            and settings.apple_team_id
            and settings.apple_key_id
            and settings.apple_private_key
        )
    return False


def mode(settings: Settings, provider: str) -> Mode | None:
    """How `provider` is reached, None when it is not offered."""
    if provider not in PROVIDERS:
        return None
    if has_settings(settings, provider):
        return "real"
    if settings.social_development_provider and not settings.production:
        return "development"
    return None


def offered(settings: Settings) -> list[str]:
    return [name for name in PROVIDERS if mode(settings, name) is not None]


def name_parts(first: str, last: str, full: str = "") -> dict[str, str]:
    """The profile's name keys from what a provider told, empty ones left out."""
    first, last, full = first.strip(), last.strip(), full.strip()
    full = full or f"{first} {last}".strip()
    parts = {"first-name": first, "last-name": last, "full-name": full}
    return {key: value for key, value in parts.items() if value}
