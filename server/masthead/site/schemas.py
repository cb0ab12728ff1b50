"""Wire shapes of the site API."""

from __future__ import annotations

from pydantic import BaseModel, Field


class ReferralUser(BaseModel):
    id: str = Field(description="The reader's tracking id: stable, never the email.")
    accountId: str = Field(description="The same tracking id: one referral account per reader.")
    email: str
    firstName: str
    lastName: str


class ReferralJwtResponse(BaseModel):
    jwt: str = Field(
        description='HS256 user JWT signed with the referral tenant\'s API key: `{"user": '
        '{id, accountId, email, firstName, lastName}, "exp": <unix seconds>}`. The widget '
        "sends it as X-SaaSquatch-User-Token to upsert and render this reader's widget."
    )
    user: ReferralUser = Field(description="The same user the JWT names, for the widget call.")
    tenantAlias: str = Field(description="The referral tenant (MASTHEAD_REFERRAL_TENANT).")
    domain: str = Field(description="Where the referral API is: this server's public URL.")
    expiresAt: int = Field(description="The JWT's exp (unix seconds), so a page can renew it.")


class ContentOut(BaseModel):
    content: str = Field(description="The story's HTML after its teaser, to append.")


class StoryPreview(BaseModel):
    html: str = Field(
        description="The whole story page as a member would read it, for a sandboxed frame."
    )
