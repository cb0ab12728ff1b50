"""What the production guard (masthead/production.py) refuses of social sign-in."""

from __future__ import annotations

from masthead.settings import Settings


def social_sign_in_problems(settings: Settings) -> list[str]:
    if not settings.social_development_provider:
        return []
    return [
        "MASTHEAD_SOCIAL_DEVELOPMENT_PROVIDER=true: the development identity provider signs "
        "anyone in as any reader; set it to false (and each provider's settings to offer it)"
    ]
