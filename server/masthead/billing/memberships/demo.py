"""The demo subscriber's membership (`make run`): "Sam Subscriber" is a member, so the
members' screens (exclusive newsletters, text alerts, member events, the subscriber
onboarding) can be tried by signing in. Only on the payment sandbox: a seed never charges a
real card."""

from __future__ import annotations

import logging

from masthead.billing.errors import BillingError
from masthead.billing.gateway.choose import gateway_of
from masthead.billing.memberships.subscribe import SubscribeRequest, subscribe
from masthead.db import session_scope
from masthead.deps import Runtime
from masthead.identity.api import Reader, user_by_email

log = logging.getLogger(__name__)

DEMO_PLAN = "sports-annual"
SANDBOX_CARD = "fake-valid-visa-nonce"  # the sandbox's own test nonce (braintree_sandbox)


def seed_demo_membership(runtime: Runtime, email: str) -> None:
    """Subscribe the demo reader to the annual plan once (a repeat answers the same grant)."""
    if runtime.settings.payments != "sandbox":
        return
    for db in session_scope(runtime.sessions):
        user = user_by_email(db, email)
        if user is None:
            return
        reader = Reader(
            session_id=0,
            user_id=user.id,
            email=user.email,
            tracking_id=user.tracking_id,
            attributes=dict(user.profile.attributes if user.profile else {}),
        )
        try:
            subscribe(
                db,
                runtime,
                gateway_of(runtime),
                reader,
                SubscribeRequest(plan_id=DEMO_PLAN, payment_nonce=SANDBOX_CARD),
            )
        except BillingError as exc:  # already a member on another plan, say
            log.info("demo membership for %s left as it is: %s", email, exc.message)
