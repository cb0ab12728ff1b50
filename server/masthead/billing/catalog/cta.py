"""Membership texts: calls to action, curation, payment and pause texts (spec sections 8, 9).

Pure: no I/O. Every reader-facing billing sentence lives here, so the server's answers, the
account area and the host-page islands say the same thing.

Decisions where the spec is open:
- $X is the plan's amount (the first charge), formatted by `format_usd`: "$4.99", "$5".
- A trial plan's call to action is 'Try for free' whatever its interval.
- Curation: the page's `curation` global is {"default": ..., "defaultTrial": ...,
  "<planId>": ...}. The per-plan entry wins, then the plan's own curation text, then
  defaultTrial for trial plans, then default, else "". Values that are not text, or are
  blank, are skipped (page globals are unknown input).
- Status alerts: 'Past Due' gets the past-due message, 'Canceled' the inactive-account
  message, other statuses none.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from masthead.billing.catalog.plans import Plan, format_usd
from masthead.billing.memberships.status import AccountStatus

TRIAL_CTA = "Try for free"
FEATURED_BADGE = "Best Value!"

NON_REFUNDABLE_TEXT = "All charges are non-refundable."
PRICE_INCREASE_TEXT = "We will notify you by email before any price increase."
PAYMENT_TEXT = f"{NON_REFUNDABLE_TEXT} {PRICE_INCREASE_TEXT}"

# Section 8, the billing messages word for word.
SUBSCRIBE_ERROR = "It looks like there was an error subscribing, please try again later."
RESTART_ERROR = "There was an error restarting your subscription"
PAST_DUE_MESSAGE = (
    "Your membership billing is past due. Please update your payment method to continue."
)
INACTIVE_MESSAGE = "Your account is inactive. Please update your payment method."
UPDATE_SUBSCRIPTIONS_ERROR = "There was an error updating subscriptions"
PAUSED_EVENT_ERROR = "There was an error sending paused event to newsletters."
PAUSE_ERROR = "There was an error pausing your subscription"
PAUSE_SUCCESS = "Subscription successfully paused"
RESUME_ERROR = "There was an error resuming your subscription"
RESUME_SUCCESS = "Membership successfully resumed."
UNKNOWN_ERROR = "An unknown error has occurred."
CARD_EXPIRING_MESSAGE = (
    "Your credit card is about to expire. Please update your {type} ending in {digits}."
)
CARD_EXPIRED_MESSAGE = "Your credit card has expired. Please update your {type} ending in {digits}."


def cta_text(plan: Plan) -> str:
    """The plan card's call to action."""
    if plan.hasTrial:
        return TRIAL_CTA
    price = format_usd(plan.amount)
    if plan.billingInterval == 1:
        return f"Get 4 Weeks for {price}"
    if plan.billingInterval == 12:
        return f"Get 1 Year for {price}"
    return f"Get {plan.billingInterval} Months for {price}"


def badge(plan: Plan) -> str | None:
    return FEATURED_BADGE if plan.featured else None


def curation_text(plan: Plan, curation: Mapping[str, Any] | None) -> str:
    """The curation line for a plan card (order in the module docstring)."""
    page = curation if isinstance(curation, Mapping) else {}
    candidates = [page.get(plan.planId), plan.curation]
    if plan.hasTrial:
        candidates.append(page.get("defaultTrial"))
    candidates.append(page.get("default"))
    for text in candidates:
        if isinstance(text, str) and text.strip():
            return text.strip()
    return ""


def pause_text(months: int, monthly_price: Decimal) -> str:
    """How long a pause lasts and what the membership costs when it resumes."""
    if isinstance(months, bool) or not isinstance(months, int) or months < 1:
        raise ValueError("The pause length must be at least 1 month.")
    length = "1 month" if months == 1 else f"{months} months"
    return (
        f"Your membership will be paused for {length}. "
        f"It then resumes at {format_usd(monthly_price)} per month."
    )


def status_message(status: str) -> str | None:
    """The alert an account status calls for, if any."""
    if status == AccountStatus.PAST_DUE:
        return PAST_DUE_MESSAGE
    if status == AccountStatus.CANCELED:
        return INACTIVE_MESSAGE
    return None


def card_message(card_type: str, digits: str, *, expired: bool) -> str:
    """The expiring or expired card alert for a card type and its last digits."""
    template = CARD_EXPIRED_MESSAGE if expired else CARD_EXPIRING_MESSAGE
    return template.format(type=card_type, digits=digits)
