"""The real providers, through Authlib's Starlette client: Google and Apple as OpenID
Connect (discovery, JWKS, signed ID tokens checked for issuer, audience, expiry and nonce),
Facebook as OAuth 2 with a Graph API call for the person.

Authlib's own state storage (the Starlette session) is not used: the attempt table keeps
the state (sign_in.py), and the nonce and PKCE verifier are derived from it.
"""

from __future__ import annotations

import json
import time
from functools import lru_cache
from typing import Any

from authlib.integrations.base_client import OAuthError  # type: ignore[import-untyped]
from authlib.integrations.starlette_client import (  # type: ignore[import-untyped]
    OAuth,
    StarletteOAuth2App,
)
from httpx2 import HTTPError
from joserfc import jwt
from joserfc.errors import JoseError
from joserfc.jwk import ECKey

from masthead.identity.social.providers import ProviderIdentity, name_parts
from masthead.settings import Settings

TIMEOUT_SECONDS = 10
APPLE_SECRET_SECONDS = 300


class ProviderFailed(Exception):
    """The provider refused, or answered what cannot be trusted; the message is for logs."""


@lru_cache(maxsize=16)
def _app(provider: str, client_id: str, secret: str, where: str) -> StarletteOAuth2App:
    """One Authlib client per provider and settings, kept: it caches the discovery document
    and the signing keys (fetched again when an unknown key id appears)."""
    oauth = OAuth()
    common: dict[str, Any] = {"timeout": TIMEOUT_SECONDS}
    if provider == "google":
        app = oauth.register(
            "google",
            client_id=client_id,
            client_secret=secret,
            server_metadata_url=where,
            client_kwargs={
                **common,
                "scope": "openid email profile",
                "code_challenge_method": "S256",
            },
        )
    elif provider == "apple":
        app = oauth.register(
            "apple",
            client_id=client_id,
            server_metadata_url=where,
            # Apple answers by a cross-site POST once name or email is asked for.
            authorize_params={"response_mode": "form_post"},
            client_kwargs={
                **common,
                "scope": "openid name email",
                "code_challenge_method": "S256",
                "token_endpoint_auth_method": "client_secret_post",
            },
        )
    else:
        authorize_url, token_url = where.split(" ", 1)
        app = oauth.register(
            "facebook",
            client_id=client_id,
            client_secret=secret,
            authorize_url=authorize_url,
            access_token_url=token_url,
            client_kwargs={
                **common,
                "scope": "email public_profile",
                "token_endpoint_auth_method": "client_secret_post",
            },
        )
    assert isinstance(app, StarletteOAuth2App)
    return app


def app_for(settings: Settings, provider: str) -> StarletteOAuth2App:
    if provider == "google":
        return _app(
            "google",
            settings.google_client_id,
            settings.google_client_secret,
            settings.google_metadata_url,
        )
    if provider == "apple":
        return _app("apple", settings.apple_client_id, "", settings.apple_metadata_url)
    return _app(
        "facebook",
        settings.facebook_client_id,
        settings.facebook_client_secret,
        f"{settings.facebook_authorize_url} {settings.facebook_token_url}",
    )


async def authorization_url(
    settings: Settings, provider: str, redirect_uri: str, state: str, nonce: str, verifier: str
) -> str:
    app = app_for(settings, provider)
    extra: dict[str, str] = {"nonce": nonce} if provider != "facebook" else {}
    if provider != "facebook":
        extra["code_verifier"] = verifier
    try:
        made = await app.create_authorization_url(redirect_uri, state=state, **extra)
    except (HTTPError, OAuthError, ValueError, KeyError) as exc:
        raise ProviderFailed(f"{provider}: discovery failed: {exc}") from exc
    return str(made["url"])


def apple_client_secret(settings: Settings, audience: str) -> str:
    """Apple's client secret: a short-lived ES256 JWT signed with the team's key."""
    now = int(time.time())
    claims = {
        "iss": settings.apple_team_id,
        "iat": now,
        "exp": now + APPLE_SECRET_SECONDS,
        "aud": audience,
        "sub": settings.apple_client_id,
    }
    key = ECKey.import_key(settings.apple_private_key)
    return jwt.encode({"alg": "ES256", "kid": settings.apple_key_id}, claims, key)


async def identity_from_callback(
    settings: Settings,
    provider: str,
    params: dict[str, str],
    redirect_uri: str,
    nonce: str,
    verifier: str,
) -> ProviderIdentity:
    if params.get("error"):
        raise ProviderFailed(f"{provider}: {params['error']}")
    code = params.get("code", "")
    if not code:
        raise ProviderFailed(f"{provider}: no code")
    app = app_for(settings, provider)
    try:
        if provider == "facebook":
            return await _facebook(settings, app, code, redirect_uri)
        if provider == "apple":
            metadata = await app.load_server_metadata()
            app.client_secret = apple_client_secret(settings, str(metadata["issuer"]))
        token = await app.fetch_access_token(
            redirect_uri=redirect_uri, code=code, code_verifier=verifier
        )
        claims = await app.parse_id_token(token, nonce=nonce)
    except (HTTPError, OAuthError, JoseError, ValueError, KeyError, RuntimeError) as exc:
        raise ProviderFailed(f"{provider}: {type(exc).__name__}: {exc}") from exc
    if claims is None:
        raise ProviderFailed(f"{provider}: no ID token")
    email = str(claims.get("email") or "").strip().lower()
    # Apple sends the flag as the string "true"; Google as a boolean.
    verified = str(claims.get("email_verified")).lower() == "true" and bool(email)
    if provider == "apple":
        names = _apple_names(params.get("user", ""))
    else:
        names = name_parts(
            str(claims.get("given_name") or ""),
            str(claims.get("family_name") or ""),
            str(claims.get("name") or ""),
        )
    return ProviderIdentity(provider, str(claims["sub"]), email, verified, names)


def _apple_names(user_field: str) -> dict[str, str]:
    """Apple's `user` form field, posted beside the code on the first sign-in only."""
    try:
        user = json.loads(user_field) if user_field else {}
        name = user.get("name") or {}
        return name_parts(str(name.get("firstName") or ""), str(name.get("lastName") or ""))
    except (ValueError, AttributeError):
        return {}


async def _facebook(
    settings: Settings, app: StarletteOAuth2App, code: str, redirect_uri: str
) -> ProviderIdentity:
    token = await app.fetch_access_token(redirect_uri=redirect_uri, code=code)
    response = await app.get(
        settings.facebook_profile_url,
        token=token,
        params={"fields": "id,email,first_name,last_name,name"},
    )
    response.raise_for_status()
    person = response.json()
    email = str(person.get("email") or "").strip().lower()
    names = name_parts(
        str(person.get("first_name") or ""),
        str(person.get("last_name") or ""),
        str(person.get("name") or ""),
    )
    # Facebook does not say whether it confirmed the address: never enough to link an
    # existing password account (only a new account is made with it).
    return ProviderIdentity("facebook", str(person["id"]), email, False, names)
