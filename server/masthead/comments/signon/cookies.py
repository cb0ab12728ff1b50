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
    response.set_cookie(
        COMMENTS_SSO_COOKIE,
        value,
        max_age=max_age,
        path=SSO_PATH,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def clear_binding(response: Response, settings: Settings) -> None:
    response.delete_cookie(
        COMMENTS_SSO_COOKIE,
        path=SSO_PATH,
        samesite="lax",
        secure=settings.secure_cookies,
        httponly=True,
    )


def set_session(response: Response, settings: Settings, token: str, expires: datetime) -> None:
    response.set_cookie(
        COMMENTS_COOKIE,
        token,
        expires=expires,
        path=SESSION_PATH,
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )


def clear_session(response: Response, settings: Settings) -> None:
    response.delete_cookie(
        COMMENTS_COOKIE,
        path=SESSION_PATH,
        samesite="lax",
        secure=settings.secure_cookies,
        httponly=True,
    )
