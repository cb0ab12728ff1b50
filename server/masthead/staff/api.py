"""The staff domain's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter).

Another domain's console routes (under /admin/api/) take the member through a role
dependency (EditorDep, SupportDep, ...), refuse sensitive actions with require_step_up, and
write what they change with record_action in the same transaction as the change. Routes
that an operator API answers too are written once for a Mount (console_mount,
operator_mount: callers.py)."""

from masthead.staff.audit import Actor
from masthead.staff.audit import record as record_action
from masthead.staff.auth import (
    AdminDep,
    EditorDep,
    MarketingDep,
    ModeratorDep,
    StaffDep,
    SupportDep,
    staff_with,
)
from masthead.staff.callers import Caller, Mount, console_mount, operator_mount
from masthead.staff.cookies import PENDING_COOKIE, STAFF_COOKIE
from masthead.staff.roles import Role
from masthead.staff.service import SignedInStaff, console_refused, require_step_up

# The statuses every console route may answer besides its own: no session, no role.
ROLE_ERRORS: dict[int | str, dict[str, object]] = {401: {}, 403: {}}

__all__ = [
    "PENDING_COOKIE",
    "ROLE_ERRORS",
    "STAFF_COOKIE",
    "Actor",
    "AdminDep",
    "Caller",
    "EditorDep",
    "MarketingDep",
    "ModeratorDep",
    "Mount",
    "Role",
    "SignedInStaff",
    "StaffDep",
    "SupportDep",
    "console_mount",
    "console_refused",
    "operator_mount",
    "record_action",
    "require_step_up",
    "staff_with",
]
