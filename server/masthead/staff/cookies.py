"""The console's two cookies: the staff session (`masthead_staff`, Path=/admin) and the
pending sign-in between password and code (`masthead_staff_pending`, only its own calls).

Both are HttpOnly and SameSite=Strict: no other site's page can make the browser send them,
not even a link followed from elsewhere.
"""

from __future__ import annotations

from fastapi import Response

from masthead.settings import Settings

STAFF_COOKIE = "masthead_staff"
PENDING_COOKIE = "masthead_staff_pending"
STAFF_PATH = "/admin"
PENDING_PATH = "/admin/api/session"


def set_staff_cookie(response: Response, settings: Settings, token: str, max_age: int) -> None:
    _set(response, settings, STAFF_COOKIE, token, STAFF_PATH, max_age)


def clear_staff_cookie(response: Response, settings: Settings) -> None:
    _clear(response, settings, STAFF_COOKIE, STAFF_PATH)


def set_pending_cookie(response: Response, settings: Settings, token: str, max_age: int) -> None:
    _set(response, settings, PENDING_COOKIE, token, PENDING_PATH, max_age)


def clear_pending_cookie(response: Response, settings: Settings) -> None:
    _clear(response, settings, PENDING_COOKIE, PENDING_PATH)


def _set(
    response: Response, settings: Settings, name: str, token: str, path: str, max_age: int
) -> None:
    response.set_cookie(
        name,
        token,
        max_age=max_age,
        path=path,
        httponly=True,
        samesite="strict",
        secure=settings.secure_cookies,
    )


def _clear(response: Response, settings: Settings, name: str, path: str) -> None:
    response.delete_cookie(
        name, path=path, httponly=True, samesite="strict", secure=settings.secure_cookies
    )
