"""Who calls an API that Masthead mounts twice: a staff member in the console (/admin/api/),
or an operator's tool with a bearer key (/operator/v1/). A domain writes each such route once,
in a function of a Mount, and mounts it for both callers (billing/catalog, decisions,
referrals/programmes), so the console and the operator API cannot drift apart.

(No postponed annotations here: the callers below name dependencies made per mount, which
FastAPI must see.)
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends

from masthead.identity.api import AddressDep
from masthead.operator_auth import bearer_key_check
from masthead.settings import Settings
from masthead.staff.audit import Actor
from masthead.staff.auth import staff_with
from masthead.staff.roles import Role
from masthead.staff.service import SignedInStaff, require_step_up

Errors = dict[int | str, dict[str, Any]]
STEP_UP_HELP = (
    " Needs a code entered in the last 5 minutes (403 `reauthentication-required`: "
    "POST /admin/api/session/confirm, then again)."
)


@dataclass(frozen=True)
class Caller:
    actor: Actor | None  # None: an operator's tool
    address: str
    # Refuses a sensitive action (key rotation, deletion) unless the caller may do it now.
    confirm_sensitive: Callable[[], None]


@dataclass(frozen=True)
class Mount:
    """Where a set of routes is mounted, and what its caller dependency answers."""

    prefix: str
    caller: Callable[..., Caller]  # a FastAPI dependency
    tags: list[str]
    who: str  # in each route's summary: "(marketing)", "(operator API)"
    errors: Errors  # the statuses every route may answer besides its own
    sensitive_help: str  # added to the description of a sensitive action


def console_mount(prefix: str, role: Role) -> Mount:
    """The staff console's: the signed-in member holding `role` acts (401 without a staff
    session, 403 without the role); a sensitive action needs a fresh code (step-up)."""
    member = staff_with(role)

    def caller(staff: Annotated[SignedInStaff, Depends(member)], address: AddressDep) -> Caller:
        return Caller(staff.actor, address, lambda: require_step_up(staff))

    return Mount(prefix, caller, ["staff"], role, {401: {}, 403: {}}, STEP_UP_HELP)


def _nothing_more() -> None:
    """The bearer key is the operator's whole authority: nothing more to confirm."""


def operator_mount(prefix: str, key_of: Callable[[Settings], str], what: str) -> Mount:
    """An operator API's: the shared secret `key_of` reads, as a bearer token (401 without
    it; 404 while the setting is empty, so an unset key exposes nothing). Its changes are
    audited with no staff member as the actor."""
    check = bearer_key_check(key_of, what)

    def caller(_: Annotated[None, Depends(check)], address: AddressDep) -> Caller:
        return Caller(None, address, _nothing_more)

    return Mount(prefix, caller, ["operator"], "operator API", {401: {}, 404: {}}, "")
