"""Serves the built staff console: /admin and /admin/* get its app shell (web/dist/admin.html),
which routes in the browser and shows its own sign-in. Its API is /admin/api/* (the staff
domain); an unknown API address answers the JSON 404 here, not the shell.

A signed-in reader whose account has no staff role (and no staff session) gets a plain 403
page instead: the console has nothing for them, and says so before any script loads."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NoReturn

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.routing import Match

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.framing import SAME_ORIGIN_FRAMES_ONLY
from masthead.identity.api import SESSION_COOKIE
from masthead.staff.api import STAFF_COOKIE, console_refused

router = APIRouter(include_in_schema=False)
# Never cached (the shell names the current build's assets), never framed, never indexed.
HEADERS = {"Cache-Control": "no-cache", "X-Robots-Tag": "noindex", **SAME_ORIGIN_FRAMES_ONLY}
NOT_BUILT = (
    "<!doctype html><title>Masthead staff console</title><p>The staff console is not built "
    "yet. Run <code>make run</code>, which builds it.</p>"
)
NO_STAFF_ROLE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No staff role - Masthead</title>
<style>
body{font:1.0625rem/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1c1c1c}
main{max-width:36rem;margin:0 auto}a{color:#0b57d0}
</style>
</head>
<body>
<main>
<h1>This account has no staff role</h1>
<p>You are signed in to Masthead, but the staff console is only for staff. If you should have
access, ask an admin to give your account a role.</p>
<p><a href="/account">Go to your account</a></p>
</main>
</body>
</html>
"""


@lru_cache(maxsize=4)
def _shell(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


@router.get("/admin")
@router.get("/admin/{path:path}")
def staff_console(request: Request, db: DbDep, rt: RuntimeDep, path: str = "") -> Response:
    if path == "api" or path.startswith("api/"):
        _api_refusal(request)
    cookies = request.cookies
    if console_refused(db, rt, cookies.get(STAFF_COOKIE), cookies.get(SESSION_COOKIE)):
        return HTMLResponse(NO_STAFF_ROLE, 403, headers=HEADERS)
    shell = rt.settings.web_dist / "admin.html"
    if not shell.exists():
        return HTMLResponse(NOT_BUILT, 503, headers=HEADERS)
    return HTMLResponse(_shell(shell, shell.stat().st_mtime), headers=HEADERS)


def _api_refusal(request: Request) -> NoReturn:
    """A GET under /admin/api/ that no API route answers: 405 where the address has other
    methods (this catch-all matched GET before the router could say so), else 404."""
    routes = request.app.router.routes
    others = [
        method
        for method in ("DELETE", "PATCH", "POST", "PUT")
        if any(r.matches({**request.scope, "method": method})[0] == Match.FULL for r in routes)
    ]
    if others:
        allow = ", ".join(others)
        raise ApiError(405, "method-not-allowed", "Method Not Allowed", headers={"Allow": allow})
    raise ApiError(404, "not-found", "There is nothing at this address.")
