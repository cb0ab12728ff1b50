"""The comments' cookies: HttpOnly, SameSite=Lax, Secure under HTTPS, each on the paths that
read it (the sign-on binding on /comments/v1/sso, the session on /comments/v1)."""

from __future__ import annotations

from datetime import datetime

from fastapi import Response

from masthead.cookie_names import COMMENTS_COOKIE, COMMENTS_SSO_COOKIE
from masthead.settings import Settings

SESSION_PATH = "/comments/v1"
SSO_PATH = "/comments/v1/sso"


def set_binding(response: Response, settings: Settings, value: str, max_age: int) -> None:
    _set(response, settings, COMMENTS_SSO_COOKIE, value, SSO_PATH, max_age=max_age)


def clear_binding(response: Response, settings: Settings) -> None:
    _clear(response, settings, COMMENTS_SSO_COOKIE, SSO_PATH)


def set_session(response: Response, settings: Settings, token: str, expires: datetime) -> None:
    _set(response, settings, COMMENTS_COOKIE, token, SESSION_PATH, expires=expires)


def clear_session(response: Response, settings: Settings) -> None:
    _clear(response, settings, COMMENTS_COOKIE, SESSION_PATH)


def _set(
    response: Response,
    settings: Settings,
    name: str,
    value: str,
    path: str,
    *,
    max_age: int | None = None,
    expires: datetime | None = None,
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        expires=expires,
        path=path,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def _clear(response: Response, settings: Settings, name: str, path: str) -> None:
    response.delete_cookie(
        name, path=path, httponly=True, samesite="lax", secure=settings.secure_cookies
    )
