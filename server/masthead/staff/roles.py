"""Staff roles (pure): which role a check needs and whether a member's roles grant it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, get_args

Role = Literal["admin", "editor", "support", "moderator", "marketing"]
# In the order lists show them: admin first, since it implies the others.
ROLES: tuple[Role, ...] = get_args(Role)
ADMIN: Role = "admin"


def grants(roles: Iterable[str], needed: Role) -> bool:
    """Whether a member holding `roles` may act as `needed`: admin implies every role."""
    held = set(roles)
    return ADMIN in held or needed in held


def ordered(roles: Iterable[str]) -> list[Role]:
    """The known roles among `roles`, once each, in ROLES order."""
    held = set(roles)
    return [role for role in ROLES if role in held]
