"""Print home delivery: the sports membership free for home-delivery subscribers (spec
section 1: "cancelling home delivery cancels it and a message says so").

The print subscription system is outside Masthead; it tells Masthead who receives home
delivery through the operator API (routes.py) or the CLI (cli.py).

Decisions:
- A grant is kept by normalised email address, so it applies to the account with that
  address now or once the reader registers, and only while that address is verified: anyone
  can register with an address they do not own, the print system's grant must not go to them
  (identity's session query matches the grant only for a verified address). The data
  layer's `products` then holds hd-sports-membership, and the membership call answers status
  Active, isMember true and homeDelivery true (read in the reader's session query: no extra
  query per page view).
- An account with the address that is not verified yet gets the grant once it verifies (the
  link of the verification mail, a password reset or an email change: each proves the
  address). A grant to such an account mails it a verification link at once; a reader who
  registered after the grant and tries to subscribe is refused (409
  home-delivery-unverified) and mailed the link (at most one mail per VERIFY_MAIL_WINDOW).
- A reader paying for a membership who gets home delivery stops paying: their live
  subscriptions are cancelled at the gateway (no further charge; what was paid is not
  refunded, as all charges are non-refundable). That work is an outbox job written with the
  grant, so it is retried until the gateway answers, and it holds the reader's billing claim,
  so a plan change or subscribe running at that moment cannot slip past it. An account that
  verifies its address later is found by the worker's check (`end_paid_memberships`, every
  PAID_CHECK_INTERVAL_SECONDS), which does the same work.
- While home delivery is active, subscribe is refused (409 home-delivery): nothing to pay for.
- Revoking ends the free membership at once. The grant row stays (active false, ended_at), and
  the membership page shows ENDED_MESSAGE until the reader dismisses it or subscribes again
  (a subscription created after the end): it survives reloads and other devices. The reader
  is also mailed.
- Granting and revoking are idempotent: repeating either changes nothing and sends nothing.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from masthead.billing.errors import BillingError
from masthead.billing.gateway import (
    ACTIVE,
    CANCELED,
    EXPIRED,
    PAST_DUE,
    PENDING,
    GatewayError,
    SubscriptionInfo,
)
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.home_delivery import repository
from masthead.billing.home_delivery.schemas import EMAIL_MAX_LENGTH, EMAIL_PATTERN, HomeDeliveryOut
from masthead.billing.memberships import repository as memberships_repository
from masthead.billing.memberships import sync
from masthead.billing.memberships.claim import MEMBERSHIP_CLAIM, BillingClaimHeld
from masthead.billing.memberships.models import BillingSubscription
from masthead.billing.memberships.normalise import copy_info
from masthead.claims import try_claim
from masthead.deps import Runtime
from masthead.identity.api import (
    HOME_DELIVERY_PRODUCT_ID,
    VERIFY_EMAIL,
    HomeDelivery,
    User,
    absolute_link,
    issue_token,
    read_profile,
    user_by_email,
)
from masthead.jobs.api import enqueue
from masthead.mail.api import send_mail

log = logging.getLogger(__name__)
_EMAIL = re.compile(EMAIL_PATTERN)

STARTED_TOPIC = "billing.home_delivery_started"
LIVE = (ACTIVE, PENDING, PAST_DUE)
CANCEL_REASON = "home-delivery"
INCLUDED_TEXT = "Included with your home delivery subscription"
ENDED_MESSAGE = (
    "Your free sports membership has ended because your home delivery subscription was "
    "cancelled. Subscribe to keep reading our sports coverage."
)
SUBSCRIBE_REFUSAL = (
    "Your sports membership is included with your home delivery subscription, so there is "
    "nothing to pay."
)
ENDED_SUBJECT = "Your free sports membership has ended"
UNVERIFIED_REFUSAL = (
    "Your sports membership is included with your home delivery subscription, so there is "
    "nothing to pay. We have emailed you a link: open it to verify your email address and "
    "your membership starts."
)
VERIFY_SUBJECT = "Verify your email address to start your free sports membership"
VERIFY_PATH = "/blaize/users/verify-email/{token}"  # identity's verification link
VERIFY_MAIL_WINDOW = 900  # seconds: at most one verification mail per account in this time
PAID_CHECK_INTERVAL_SECONDS = 300.0  # how often the worker looks for newly verified accounts
MEMBERSHIP_PAGE = "/account/settings/membership"


@dataclass(frozen=True)
class ReaderView:
    """What the membership call says about home delivery."""

    active: bool
    message: str | None

    @property
    def products(self) -> tuple[str, ...]:
        return (HOME_DELIVERY_PRODUCT_ID,) if self.active else ()


def address(raw: str) -> str:
    """The print system's address in the form accounts keep it (400 when it is not one).

    EMAIL_PATTERN, as the operator API documents it, lowercased: for such an ASCII address
    that is identity's normalised form. An address email_validator would still refuse (a
    special-use domain such as .test) is kept as given: no account can have it, so its grant
    never applies to anyone."""
    if len(raw) > EMAIL_MAX_LENGTH or _EMAIL.fullmatch(raw) is None:
        raise BillingError("bad-request", "Please enter a valid email address.")
    return raw.lower()


def is_active(db: Session, email: str) -> bool:
    """A grant for the address, whether or not an account has proven it."""
    row = repository.home_delivery(db, email)
    return row is not None and row.active


def verified_account(db: Session, email: str) -> User | None:
    """The account with this address, if it has proven it: the only one a grant applies to."""
    user = user_by_email(db, email)
    return user if user is not None and user.email_verified else None


def view(db: Session, email: str) -> HomeDeliveryOut:
    """The operator API's answer: the grant as stored, and whether an account has it."""
    row = repository.home_delivery(db, email)
    user = user_by_email(db, email)
    return HomeDeliveryOut(
        email=email,
        active=bool(row and row.active),
        startedAt=_iso(row.started_at if row else None),
        endedAt=_iso(row.ended_at if row else None),
        account=user is not None,
        accountVerified=user is not None and user.email_verified,
    )


def refuse_subscribe(db: Session, rt: Runtime, email: str) -> None:
    """Subscribing is refused while a grant exists for the reader's address: nothing to pay.
    An account that has not verified the address is mailed the link that starts the grant
    (committed on its own: the refusal rolls the request back)."""
    if not is_active(db, email):
        return
    if verified_account(db, email) is not None:
        raise BillingError("home-delivery", SUBSCRIBE_REFUSAL)
    with rt.sessions.begin() as own:
        user = user_by_email(own, email)
        if user is not None and not rt.rate_limiter.hit(
            f"home-delivery-verify:{user.id}", 1, VERIFY_MAIL_WINDOW
        ):
            _mail_verification_link(own, rt, user)
    raise BillingError("home-delivery-unverified", UNVERIFIED_REFUSAL)


def _mail_verification_link(db: Session, rt: Runtime, user: User) -> None:
    token = issue_token(db, rt, user, VERIFY_EMAIL, rt.settings.email_change_token_minutes)
    link = absolute_link(rt, VERIFY_PATH.format(token=token))
    send_mail(
        db,
        rt.clock,
        to=user.email,
        subject=VERIFY_SUBJECT,
        text="Your sports membership is included with your home delivery subscription. "
        "Open this link to verify your email address, and your membership starts:\n\n"
        f"{link}\n\nIf you did not create an account with this address, ignore this email: "
        "nothing changes.\n",
    )


def grant(db: Session, rt: Runtime, email: str) -> HomeDeliveryOut:
    now = rt.clock.now()
    row = repository.home_delivery(db, email, lock=True)
    if row is None:
        try:
            with db.begin_nested():
                db.add(HomeDelivery(email=email, active=True, started_at=now))
        except IntegrityError:  # the same grant, sent twice at once, landed first
            return view(db, email)
    elif not row.active:
        row.active, row.started_at = True, now
    else:
        return view(db, email)  # already granted: nothing to do again
    db.flush()
    # Cancelling a paid membership is gateway work: done by the worker, retried until it lands.
    enqueue(db, rt.clock, STARTED_TOPIC, {"email": email})
    user = user_by_email(db, email)
    if user is not None and not user.email_verified:  # the grant starts once it is proven
        _mail_verification_link(db, rt, user)
    return view(db, email)


def revoke(db: Session, rt: Runtime, email: str) -> HomeDeliveryOut:
    row = repository.home_delivery(db, email, lock=True)
    if row is None or not row.active:
        return view(db, email)  # nothing granted: nothing to end
    now = rt.clock.now()
    row.active, row.ended_at, row.notice_dismissed_at = False, now, None
    user = verified_account(db, email)  # an unverified account never had the membership
    if user is not None:
        name = str(read_profile(user.profile.attributes).get("first-name") or "").strip()
        link = rt.settings.public_url.rstrip("/") + MEMBERSHIP_PAGE
        send_mail(
            db,
            rt.clock,
            to=email,
            subject=ENDED_SUBJECT,
            text=f"Hello{' ' + name if name else ''},\n\n{ENDED_MESSAGE}\n\n"
            f"See the membership plans on your membership page: {link}\n",
        )
    db.flush()
    return view(db, email)


def reader_view(db: Session, email: str, rows: list[BillingSubscription]) -> ReaderView:
    """Home delivery as the reader's membership page shows it (nothing before the reader's
    address is verified)."""
    row = repository.home_delivery(db, email)
    if row is None or verified_account(db, email) is None:
        return ReaderView(active=False, message=None)
    if row.active:
        return ReaderView(active=True, message=None)
    return ReaderView(active=False, message=ENDED_MESSAGE if _notice_shown(row, rows) else None)


def _notice_shown(row: HomeDelivery, rows: list[BillingSubscription]) -> bool:
    ended = row.ended_at
    if ended is None:
        return False
    if row.notice_dismissed_at is not None and row.notice_dismissed_at >= ended:
        return False
    return not any(r.created_at > ended for r in rows)  # subscribed since: it is old news


def dismiss_notice(db: Session, rt: Runtime, email: str) -> None:
    row = repository.home_delivery(db, email)
    if row is not None and not row.active and row.ended_at is not None:
        row.notice_dismissed_at = rt.clock.now()


def handle_started(runtime: Runtime, payload: dict[str, Any]) -> None:
    """Outbox job of a grant: the reader's paid membership ends without a further charge."""
    email = str(payload["email"])
    with runtime.sessions() as db:
        user = verified_account(db, email)
        if user is None or not is_active(db, email):
            # No proven account yet (end_paid_memberships acts once it verifies), or revoked
            # meanwhile: the paid membership stays.
            return
        user_id = user.id
        if memberships_repository.customer(db, user_id) is None:
            return  # never had a gateway customer: nothing paid
    # The reader's membership claim (masthead/claims.py), as their own changes take it.
    with try_claim(runtime, MEMBERSHIP_CLAIM, user_id) as held:
        if not held:
            raise BillingClaimHeld(f"reader {user_id} is changing their membership")
        _end_paid(runtime, email, user_id)


def _end_paid(runtime: Runtime, email: str, user_id: int) -> None:
    with runtime.sessions() as db:
        if not is_active(db, email):
            return
        live = [
            r.id for r in memberships_repository.subscriptions_of(db, user_id) if r.status in LIVE
        ]
    gw = gateway_of(runtime)
    ended: list[SubscriptionInfo] = []
    failure: GatewayError | None = None
    for subscription_id in live:  # gateway first, outside any local transaction (SQLite)
        try:
            ended.append(gw.cancel_subscription(subscription_id))
        except GatewayError as exc:
            try:
                info = gw.find_subscription(subscription_id)
            except GatewayError:
                failure = exc
                continue
            if info.status in (CANCELED, EXPIRED):
                ended.append(info)  # cancelled meanwhile
            else:
                failure = exc
    with runtime.sessions.begin() as db:
        for info in ended:
            row = memberships_repository.subscription(db, info.id)
            if row is not None:
                copy_info(row, info)
                row.cancel_reason = CANCEL_REASON
        user = memberships_repository.user(db, user_id)
        if user is not None and user.profile.attributes.get("paused"):
            sync.set_profile(db, runtime, user_id, {"paused": False, "paused-length": ""})
    log.info("home delivery for reader %s: %s paid subscriptions ended", user_id, len(ended))
    if failure is not None:
        raise failure  # the outbox runs the job again; the cancelled ones stay cancelled


def end_paid_memberships(runtime: Runtime) -> None:
    """Worker hook: a verified account with an active grant that still has live paid
    subscriptions (it verified after the grant, or changed its address to a granted one)
    has them ended, as a grant's job would. One held by a running change waits for the next
    run; a gateway failure is logged and tried again next run."""
    with runtime.sessions() as db:
        emails = repository.home_delivery_emails_paying(db, LIVE)
    for email in emails:
        try:
            handle_started(runtime, {"email": email})
        except (BillingClaimHeld, GatewayError) as exc:
            log.info("home delivery for %s: paid membership not ended yet: %s", email, exc)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()
