"""The pause confirmation mail (site API pause-subscription-email), sent through the outbox.

Only to the signed-in reader's own address: the call must not send mail to strangers. The
call-to-action link must stay on this site, so the mail cannot carry someone else's link.
"""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

from sqlalchemy.orm import Session

from masthead.billing.errors import BillingError
from masthead.billing.memberships.changes import PAUSE_LENGTHS
from masthead.deps import Runtime
from masthead.identity.api import Reader, read_profile
from masthead.mail.api import send_mail

SUBJECT = "Your membership is paused"
MEMBERSHIP_PAGE = "/account/settings/membership"


def _day(value: str, field: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise BillingError(
            "bad-request", f"The {field} field must be a date (YYYY-MM-DD)."
        ) from None


def _link(rt: Runtime, cta: str) -> str:
    base = rt.settings.public_url.rstrip("/")
    if not cta:
        return base + MEMBERSHIP_PAGE
    parts = urlsplit(cta)
    if not parts.scheme and not parts.netloc and cta.startswith("/"):
        return base + cta
    if f"{parts.scheme}://{parts.netloc}" == base:
        return cta
    raise BillingError("bad-request", "The cta field must be a link to this site.")


def send_pause_email(
    db: Session,
    rt: Runtime,
    reader: Reader,
    *,
    email: str,
    months: int,
    effective: str,
    cycle_end: str,
    cta: str,
) -> None:
    if email.strip().lower() != reader.email.lower():
        raise BillingError("not-your-address", "The emailAddress field must be your own address.")
    if months not in PAUSE_LENGTHS:
        raise BillingError("bad-request", "The pauseLength field must be 1, 2 or 3 (months).")
    starts = _day(effective, "pauseLengthEffectiveDate")
    ends = _day(cycle_end, "billingCycleEndDate")
    link = _link(rt, cta)
    name = str(read_profile(reader.attributes).get("first-name") or "").strip()
    length = "1 month" if months == 1 else f"{months} months"
    text = (
        f"Hello{' ' + name if name else ''},\n\n"
        f"Your membership is paused for {length}. You keep your membership benefits until "
        f"{ends:%B} {ends.day}, {ends.year}, the end of your current billing cycle; the pause "
        f"starts on {starts:%B} {starts.day}, {starts.year}. You will not be charged while "
        "your membership is paused, and it restarts on its own when the pause ends.\n\n"
        f"Changed your mind? Resume your membership at any time: {link}\n"
    )
    send_mail(db, rt.clock, to=reader.email, subject=SUBJECT, text=text)
