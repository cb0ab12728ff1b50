"""Resolving the staff member behind a console request: the staff cookie, and the role the
route needs (read on every request, so a revoked role ends its rights at once)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import SESSION_COOKIE
from masthead.staff import service
from masthead.staff.cookies import STAFF_COOKIE
from masthead.staff.roles import ADMIN, Role
from masthead.staff.service import SignedInStaff


def staff_with(role: Role | None) -> Callable[[Request, DbDep, RuntimeDep], SignedInStaff]:
    """A dependency answering the signed-in member who holds `role` (any role when None);
    401 without a staff session, 403 for an account without the role. It shares the route's
    unit of work, so the session's last_seen_at is written with the route's changes."""

    def dependency(request: Request, db: DbDep, rt: RuntimeDep) -> SignedInStaff:
        return service.require_staff(
            db, rt, request.cookies.get(STAFF_COOKIE), request.cookies.get(SESSION_COOKIE), role
        )

    return dependency


StaffDep = Annotated[SignedInStaff, Depends(staff_with(None))]
AdminDep = Annotated[SignedInStaff, Depends(staff_with(ADMIN))]
EditorDep = Annotated[SignedInStaff, Depends(staff_with("editor"))]
SupportDep = Annotated[SignedInStaff, Depends(staff_with("support"))]
ModeratorDep = Annotated[SignedInStaff, Depends(staff_with("moderator"))]
MarketingDep = Annotated[SignedInStaff, Depends(staff_with("marketing"))]
