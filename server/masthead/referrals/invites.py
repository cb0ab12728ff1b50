"""Referral invites: mail the sender's share link to friends, through the outbox."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.mail.api import send_mail
from masthead.ratelimit import wait_words
from masthead.referrals.errors import ReferralError, bad_request
from masthead.referrals.inputs import MAX_RECIPIENTS, clean_email
from masthead.referrals.models import ReferralUser, Tenant
from masthead.referrals.service import programme_for

# An invite call may mail 20 people: per account (every user of it together) this caps a
# sender at 200 mails an hour; per client address, a few people behind one network, or one
# person making up accounts, at 600.
INVITE_CALLS_PER_ACCOUNT = 10
INVITE_CALLS_PER_ADDRESS = 30
INVITE_WINDOW_SECONDS = 3600


def _limit(rt: Runtime, tenant: Tenant, sender: ReferralUser, address: str) -> None:
    """429 when this address or this account has sent its invites for the hour."""
    checks = (
        (
            f"referral-invite:address:{address}",
            INVITE_CALLS_PER_ADDRESS,
            "Many invites were sent from your network this hour. Please try again in {wait}.",
        ),
        (
            f"referral-invite:account:{tenant.id}:{sender.account_id}",
            INVITE_CALLS_PER_ACCOUNT,
            "You have sent many invites this hour. Please try again in {wait}.",
        ),
    )
    for key, limit, message in checks:
        retry_after = rt.rate_limiter.hit(key, limit, INVITE_WINDOW_SECONDS)
        if retry_after:
            raise ReferralError(
                "TOO_MANY_REQUESTS",
                message.format(wait=wait_words(retry_after)),
                retry_after=retry_after,
            )


def send_invites(
    db: Session,
    rt: Runtime,
    tenant: Tenant,
    sender: ReferralUser,
    recipients: list[str],
    address: str,
) -> tuple[int, int]:
    """Queue one mail per distinct recipient; return (accepted, rejected).

    A repeated address or the sender's own is rejected (not mailed); an invalid one refuses
    the whole call with a 400 that names it, so nothing is half sent.
    """
    if not recipients:
        raise bad_request("recipients must list at least one email address.")
    if len(recipients) > MAX_RECIPIENTS:
        raise bad_request(
            f"You can invite at most {MAX_RECIPIENTS} people at a time; "
            f"recipients lists {len(recipients)}."
        )
    accepted: list[str] = []
    seen = {sender.email.lower()} if sender.email else set()
    for index, raw in enumerate(recipients):
        email = clean_email(raw, f'recipients[{index}] "{raw.strip()[:80]}"')
        if email is None:
            raise bad_request(f"recipients[{index}] is empty.")
        if email.lower() not in seen:
            seen.add(email.lower())
            accepted.append(email)
    _limit(rt, tenant, sender, address)
    programme = programme_for(db, tenant)
    name = f"{sender.first_name} {sender.last_name}".strip() or "A friend"
    for email in accepted:
        send_mail(
            db,
            rt.clock,
            to=email,
            subject=f"{name} invited you to {programme.name}",
            text=f"{name} invited you to {programme.name}.\n\n"
            f"Your reward for joining: {programme.referred_reward}\n\n"
            f"Join with this link:\n{sender.share_link}\n\n"
            f"You received this email because {name} entered your address.\n",
        )
    return len(accepted), len(recipients) - len(accepted)
