"""Wire shapes of the editors' list management, as the console (/admin/api/newsletter-lists)
and the operator API (/operator/v1/newsletter-lists) write and read them.

`exclusive` is never sent: it follows the group (groups.EXCLUSIVE_GROUPS), so a list cannot
be exclusive on a site's page where every reader is offered it, nor open to everyone in an
exclusive group where the readers' screen promises members only. What a JSON Schema can say
is said here; the rest (a name blank once trimmed, a taken provider id) is service.py's.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from masthead.newsletters.groups import EXCLUSIVE_GROUPS

# The email provider's id: letters, digits, hyphens and underscores, as the demo lists' ids.
ST_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
ST_ID_RULE = (
    "The email provider's id of the list: 1 to 64 letters, digits, hyphens (-) or "
    "underscores (_), starting with a letter or a digit, such as main-morning. It never "
    "changes once the list exists."
)
# Some character that str.strip() keeps (as billing/catalog/edit_schemas.py spells it).
NOT_BLANK = r"[^\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
NAME_MAX, DESCRIPTION_MAX = 120, 500
MAX_POSITION = 10_000


def _json_integer(value: Any) -> Any:
    """A JSON number that is whole (3 or 3.0), as the schema's integer says; not text or a
    flag, which lax validation would take (as billing/catalog/edit_schemas.py)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise PydanticCustomError("integer", "Input should be a whole number")
    return value


WholeNumber = Annotated[int, BeforeValidator(_json_integer)]

Group = Literal[
    "main", "gossip", "lifestyle", "member-exclusive", "team-exclusive", "columnist-exclusive"
]
GROUP_HELP = (
    "main, gossip or lifestyle (a site's list, open to every reader), or member-exclusive, "
    "team-exclusive or columnist-exclusive (exclusive: only members and home delivery "
    f"subscribers may join). Exclusive groups: {', '.join(EXCLUSIVE_GROUPS)}."
)
Name = Annotated[
    str,
    Field(
        min_length=1,
        max_length=NAME_MAX,
        description=f"What readers see, 1 to {NAME_MAX} characters.",
        json_schema_extra={"pattern": NOT_BLANK},
    ),
]
Description = Annotated[
    str,
    Field(max_length=DESCRIPTION_MAX, description="One line under the name; may be empty."),
]


class ListFields(BaseModel):
    """What an editor may change of a list (PUT replaces all of it)."""

    model_config = ConfigDict(extra="forbid")

    name: Name
    description: Description = ""
    group: Group = Field(description=GROUP_HELP)


class NewListIn(ListFields):
    st_id: str = Field(pattern=ST_ID_PATTERN, description=ST_ID_RULE)


class PositionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    position: WholeNumber = Field(
        ge=0,
        le=MAX_POSITION,
        description="Where the list goes within its group, 0 first; past the end: last.",
    )


class RetiredIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    retired: bool = Field(
        strict=True,
        description="true retires the list (gone from readers' screens, no one may join; its "
        "subscriptions are kept), false brings it back with them.",
    )


class ListAdminOut(BaseModel):
    id: int
    st_id: str = Field(description=ST_ID_RULE)
    name: str
    description: str
    group: str = Field(description=GROUP_HELP)
    exclusive: bool = Field(description="Follows the group: true in the exclusive groups.")
    retired: bool
    position: int = Field(description="Its place within its group, 0 first.")
    subscribers: int = Field(description="Readers subscribed now (kept while it is retired).")


class ListListOut(BaseModel):
    lists: list[ListAdminOut] = Field(
        description="By group (the three sites', then the exclusive ones), in readers' order."
    )
