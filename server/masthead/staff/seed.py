"""The demo's staff account for `make run`: staff@example.com, an admin with no authenticator
app yet (the first sign-in at /admin sets it up). Idempotent: made once, then left alone, so
roles changed in the console stay changed."""

from __future__ import annotations

from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.identity.api import create_account, user_by_email
from masthead.staff import service
from masthead.staff.roles import ADMIN

DEMO_STAFF_EMAIL = "staff@example.com"
DEMO_STAFF_PASSWORD = "Masthead-Staff-1"  # noqa: S105 (the published demo login)
DEMO_STAFF_NAME = "Sasha Staff"


def seed_demo_staff(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        if user_by_email(db, DEMO_STAFF_EMAIL) is not None:
            return
        user = create_account(db, runtime, DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD, DEMO_STAFF_NAME)
        service.change_roles(db, runtime.clock.now(), user, [ADMIN], None, "seed")
