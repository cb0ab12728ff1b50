"""The staff console's API (/admin/api/*): HTTP only. Gathers the sign-in routes; the
members and their roles, and the audit log, are the admins'."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path, Query

from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import AddressDep
from masthead.staff import audit, schemas, service, session_routes
from masthead.staff.api import ROLE_ERRORS
from masthead.staff.auth import AdminDep, StaffDep

router = APIRouter(prefix="/admin/api", tags=["staff"])

Email = Annotated[str, Path(min_length=1, max_length=320)]


@router.get(
    "/me",
    response_model=schemas.Me,
    responses=ROLE_ERRORS,
    summary="The signed-in staff member: roles, step-up and session expiry",
)
def me(staff: StaffDep) -> schemas.Me:
    return service.me(staff)


@router.get(
    "/staff",
    response_model=schemas.StaffList,
    responses=ROLE_ERRORS,
    summary="Every staff member and their roles (admin)",
)
def list_staff(_: AdminDep, db: DbDep) -> schemas.StaffList:
    return service.members(db)


@router.put(
    "/staff/{email}",
    response_model=schemas.StaffMember,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 409: {}},
    summary="Set a member's roles; an empty list removes them from staff (admin, step-up)",
    description="403 `reauthentication-required` unless a code was entered in the last 5 "
    "minutes (POST /admin/api/session/confirm); 404 `not-found` for an email without a "
    "Masthead account; 409 `own-admin-role` (an admin cannot remove their own admin role) or "
    "`last-admin`. Setting the roles a member already has changes nothing and needs no code.",
)
def set_roles(
    email: Email,
    body: schemas.RolesIn,
    staff: AdminDep,
    db: DbDep,
    rt: RuntimeDep,
    address: AddressDep,
) -> schemas.StaffMember:
    return service.set_member_roles(db, rt, staff, email, body.roles, address)


@router.get(
    "/audit",
    response_model=schemas.AuditPage,
    responses={400: {}, 401: {}, 403: {}},
    summary="The audit log, newest first, a page at a time (admin)",
    description="Filters: `actor` (an email), `action` (e.g. staff.roles_changed), `target` "
    "(e.g. the email of the account acted on); `before` is the `next` of the previous page.",
)
def audit_log(
    _: AdminDep,
    db: DbDep,
    actor: Annotated[str | None, Query(max_length=320)] = None,
    action: Annotated[str | None, Query(max_length=64)] = None,
    target: Annotated[str | None, Query(max_length=320)] = None,
    before: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
) -> schemas.AuditPage:
    return audit.page(db, actor=actor, action=action, target=target, before=before, limit=limit)


router.include_router(session_routes.router)
