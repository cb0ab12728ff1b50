"""Wire shapes of the staff console's API (/admin/api/*)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from masthead.staff.roles import Role

EMAIL_LENGTH = 320


class SignInIn(BaseModel):
    email: str = Field(min_length=1, max_length=EMAIL_LENGTH)
    password: str = Field(min_length=1, max_length=1024)


class SignInOut(BaseModel):
    next: Literal["code", "enrol"] = Field(
        description="`code`: the account has an authenticator app, ask for its code (or a "
        "recovery code); `enrol`: set one up first (GET then POST .../session/enrolment)."
    )


class CodeIn(BaseModel):
    code: str = Field(
        min_length=1,
        max_length=32,
        description="A 6-digit code from the authenticator app, or a recovery code such as "
        "`abcd-efgh-ijkl` (spaces and dashes are ignored).",
    )


class EnrolmentOut(BaseModel):
    secret: str = Field(description="The TOTP secret (base32), for typing in by hand.")
    otpauth_uri: str = Field(description="The otpauth:// address the QR code holds.")
    qr_svg: str = Field(description="The QR code: a standalone SVG document.")


class RecoveryCodesOut(BaseModel):
    recovery_codes: list[str] = Field(
        description="Ten single-use codes, shown this once; each signs in instead of a code "
        "from the app."
    )


class Me(BaseModel):
    email: str
    display_name: str
    roles: list[Role]
    reauthenticated_until: datetime | None = Field(
        description="Until when sensitive actions need no new code; null once passed."
    )
    session_expires_at: datetime = Field(
        description="When the session ends at the latest (8 hours after sign-in); 30 minutes "
        "without a request end it sooner."
    )


class SignedInOut(BaseModel):
    me: Me


class ConfirmOut(BaseModel):
    reauthenticated_until: datetime


class StaffMember(BaseModel):
    user_id: int
    email: str
    roles: list[Role]
    granted_at: datetime | None = Field(
        description="When the member's oldest current role was granted; null without roles."
    )
    enrolled: bool = Field(description="Whether their authenticator app is set up.")


class StaffList(BaseModel):
    items: list[StaffMember]


class RolesIn(BaseModel):
    roles: list[Role] = Field(
        max_length=10, description="The member's roles from now on; empty removes them from staff."
    )


class AuditItem(BaseModel):
    id: int
    at: datetime
    actor_email: str | None = Field(description="Null for the command line or a stranger.")
    action: str
    target_type: str | None
    target_id: str | None
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    address: str | None


class AuditPage(BaseModel):
    items: list[AuditItem]
    next: int | None = Field(description="The `before` of the next (older) page; null at the end.")
