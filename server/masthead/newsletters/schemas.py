"""Wire shapes of the site API's newsletters call (spec section 3, "Newsletter response")."""

from __future__ import annotations

from pydantic import BaseModel, Field


class NewsletterListOut(BaseModel):
    id: int
    st_id: str = Field(description="The email provider's id of the list.")
    name: str
    description: str
    group: str = Field(
        description="main, gossip or lifestyle (the site), or member-exclusive, "
        "team-exclusive or columnist-exclusive."
    )
    exclusive: bool = Field(description="Only readers past the membership gate may join it.")


class UserInfo(BaseModel):
    list_subscriptions: list[int] = Field(description="Ids of the lists the reader is on.")
    paused: bool = Field(description="The membership's paused flag the provider was told of.")


class NewsletterMembership(BaseModel):
    status: str = Field(description="The account status (as the membership call answers it).")
    homeDelivery: bool = Field(description="The reader has print home delivery.")
    exclusiveAccess: bool = Field(
        description="The reader may join exclusive lists: a member-like status "
        "(Active, Cancelled_Active, Active_Pending, Active_Paused) or home delivery."
    )


class NewslettersOut(BaseModel):
    lists: dict[str, list[NewsletterListOut]] = Field(
        description="The lists that are not retired, by group, in the editors' order: the "
        "three sites' groups first, then the three exclusive ones."
    )
    userinfo: UserInfo
    membership: NewsletterMembership
