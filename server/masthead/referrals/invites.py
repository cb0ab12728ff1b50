"""Referral invites: mail the sender's share link to friends, through the outbox."""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.mail.service import send_mail
from masthead.referrals.errors import ReferralError, bad_request
from masthead.referrals.inputs import clean_email
from masthead.referrals.models import ReferralUser, Tenant
from masthead.referrals.service import programme_for

MAX_RECIPIENTS = 20
# Per sender: an invite call may mail 20 people, so this caps a sender at 200 mails an hour.
INVITE_CALLS_PER_WINDOW = 10
INVITE_WINDOW_SECONDS = 3600


def send_invites(
    db: Session, rt: Runtime, tenant: Tenant, sender: ReferralUser, recipients: list[str]
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
    key = f"referral-invite:{tenant.id}:{sender.id}"
    if rt.rate_limiter.hit(key, INVITE_CALLS_PER_WINDOW, INVITE_WINDOW_SECONDS):
        raise ReferralError(
            "TOO_MANY_REQUESTS", "You have sent many invites this hour. Please try again later."
        )
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
