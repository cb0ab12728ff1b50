"""The session and tracking cookies, and the cookie string the login contract returns."""

from __future__ import annotations

from datetime import datetime
from email.utils import format_datetime

from fastapi import Response

from masthead.cookie_names import SESSION_COOKIE as SESSION_COOKIE
from masthead.cookie_names import TRACKING_COOKIE as TRACKING_COOKIE
from masthead.settings import Settings


def contract_cookie(token: str, expires: datetime) -> str:
    """The `cookie` field of login and register: `name=value; Expires=...; Path=/;`."""
    return f"{SESSION_COOKIE}={token}; Expires={format_datetime(expires, usegmt=True)}; Path=/;"


def set_session_cookies(
    response: Response, settings: Settings, token: str, tracking_id: str, max_age: int
) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=max_age,
        path="/",
        httponly=True,
        samesite="lax",
        secure=settings.secure_cookies,
    )
    # Read by page scripts for analytics; it unlocks nothing.
    response.set_cookie(
        TRACKING_COOKIE,
        tracking_id,
        max_age=max_age,
        path="/",
        samesite="lax",
        secure=settings.secure_cookies,
    )


def clear_session_cookies(response: Response, settings: Settings) -> None:
    for name in (SESSION_COOKIE, TRACKING_COOKIE):
        response.delete_cookie(
            name, path="/", samesite="lax", secure=settings.secure_cookies, httponly=True
        )
