"""Site API rules: the referral JWT handed to the account area's referral pages."""

from __future__ import annotations

from datetime import timedelta

import jwt as pyjwt
from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.errors import ApiError
from masthead.identity.api import Reader, read_profile
from masthead.referrals.api import ReferralError, issue_user_jwt
from masthead.site import schemas

REFERRALS_UNAVAILABLE = "Our referral program is temporarily unavailable. Please try again later."


def referral_user(reader: Reader) -> schemas.ReferralUser:
    """The reader as the referral service knows them: ids are the tracking id, never the email."""
    profile = read_profile(reader.attributes)
    return schemas.ReferralUser(
        id=reader.tracking_id,
        accountId=reader.tracking_id,
        email=reader.email,
        firstName=str(profile.get("first-name") or ""),
        lastName=str(profile.get("last-name") or ""),
    )


def referral_jwt(db: Session, rt: Runtime, reader: Reader) -> schemas.ReferralJwtResponse:
    settings = rt.settings
    user = referral_user(reader)
    try:
        token = issue_user_jwt(
            db,
            settings.referral_tenant,
            user.model_dump(),  # the JWT's `user` claim: the same keys, in the same order
            clock=rt.clock,
            lifetime=timedelta(minutes=settings.referral_jwt_minutes),
        )
    except ReferralError as exc:  # no such tenant: the operator's problem, not the reader's
        raise ApiError(503, "referrals-unavailable", REFERRALS_UNAVAILABLE) from exc
    # Read back rather than recomputed, so the two can never disagree.
    expires = pyjwt.decode(token, options={"verify_signature": False})["exp"]
    return schemas.ReferralJwtResponse(
        jwt=token,
        user=user,
        tenantAlias=settings.referral_tenant,
        domain=settings.public_url.rstrip("/"),
        expiresAt=int(expires),
    )
