"""Writes demo_history's year of members for `make run` (masthead/seed.py calls it), through
the same tables production fills: identity's accounts, billing's subscriptions (whose status
history billing records as each status is set, as in production), referrals' users,
referrals and rewards. Idempotent: a database that has the first demo member is left alone.

The demo members have no password (nobody signs in as them) and no gateway customer: the
payment sandbox knows nothing of their subscriptions, so none is past due with a retry left
(the worker would ask the sandbox to charge it), and none is on a step-up price.
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from sqlalchemy.orm import Session

from masthead.billing.api import BillingSubscription
from masthead.dashboard import repository
from masthead.dashboard.demo_history import Charge, DemoMember, DemoSubscription, demo_members
from masthead.deps import Runtime
from masthead.identity.api import User, add_user, user_by_email
from masthead.referrals.api import Referral, ReferralUser, Reward

# No argon2 hash: every password check of a demo member fails (passwords.verify_password).
NO_PASSWORD = "!demo-member"  # noqa: S105


def seed_demo_history(runtime: Runtime) -> None:
    now = runtime.clock.now()
    with runtime.sessions.begin() as db:
        plans = repository.plan_infos(db)
        members = demo_members(now, plans)
        if not members or user_by_email(db, members[0].email) is not None:
            return
        users = {m.index: _account(db, m) for m in members}
        db.flush()
        rows = [(_subscription(users[m.index].id, s), s) for m in members for s in m.subscriptions]
        db.add_all(row for row, _ in rows)
        db.flush()  # each first status recorded at created_at
        rounds = max((len(sub.changes) for _, sub in rows), default=0)
        for number in range(rounds):  # then every subscription's next change, at its time
            for row, sub in rows:
                if number < len(sub.changes):
                    row.updated_at, row.status = sub.changes[number]
            db.flush()
        for row, sub in rows:
            row.updated_at = max([row.updated_at, *(c.at for c in sub.charges)])
        _referrals(db, runtime, members, users)


def _account(db: Session, member: DemoMember) -> User:
    latest = member.subscriptions[-1]
    attributes: dict[str, object] = {
        "full-name": f"{member.first_name} {member.last_name}",
        "first-name": member.first_name,
        "last-name": member.last_name,
        "had-trial": member.had_trial,
        "current-plan": latest.plan.id,
    }
    if latest.status == "Canceled" and latest.cancel_reason:
        attributes["cancel-reason"] = latest.cancel_reason
    return add_user(
        db, member.email, NO_PASSWORD, verified=True, attributes=attributes, now=member.joined
    )


def _charges(sub: DemoSubscription) -> list[dict[str, object]]:
    """Newest first, in the shape of billing's copy of a subscription's charges."""
    return [
        {
            "id": f"{sub.id}-{number:02d}",
            "amount": str(charge.amount.quantize(Decimal("0.01"))),
            "status": charge.status,
            "created_at": charge.at.isoformat(),
            "refunded": charge.refunded,
        }
        for number, charge in reversed(list(enumerate(sub.charges)))
    ]


def _subscription(user_id: int, sub: DemoSubscription) -> BillingSubscription:
    charges: list[Charge] = sub.charges
    return BillingSubscription(
        id=sub.id,
        user_id=user_id,
        plan_id=sub.plan.id,
        plan_name=sub.plan.name,
        product_id="sports-membership",
        status=sub.first_status,
        price=sub.plan.amount,
        payment_method_token=f"{sub.id}-card",
        first_billing_date=sub.first_billing,
        next_billing_date=sub.next_billing,
        paid_through_date=sub.paid_through,
        trial_period=sub.trial_days > 0,
        trial_duration=sub.trial_days,
        current_billing_cycle=sum(1 for c in charges if c.status == "settled"),
        transactions=_charges(sub),
        discounts=[],
        cancel_reason=sub.cancel_reason,
        cancel_reason_text="",
        follows_id=sub.follows,
        converted_at=sub.converted_at,
        created_at=sub.created_at,
        updated_at=sub.created_at,
    )


def _referrals(
    db: Session, runtime: Runtime, members: list[DemoMember], users: dict[int, User]
) -> None:
    """Who joined through whose link, in the publisher's referral programme: converted at
    the friend's first payment, as billing converts them."""
    found = repository.tenant_programme(db, runtime.settings.referral_tenant)
    if found is None:
        return
    tenant_id, programme_id, referrer_reward, referred_reward = found
    by_index = {m.index: m for m in members}
    base = runtime.settings.public_url.rstrip("/")
    people: dict[int, ReferralUser] = {}

    def person(member: DemoMember, at: datetime) -> ReferralUser:
        if member.index not in people:
            tracking_id = users[member.index].tracking_id
            code = f"{member.first_name}{member.last_name}{member.index:04d}".upper()
            people[member.index] = ReferralUser(
                tenant_id=tenant_id,
                account_id=tracking_id,
                user_id=tracking_id,
                email=member.email,
                first_name=member.first_name,
                last_name=member.last_name,
                referral_code=code,
                share_link=f"{base}/a/{runtime.settings.referral_tenant}/r/{code}",
                created_at=at,
                updated_at=at,
            )
            db.add(people[member.index])
        return people[member.index]

    pairs = []
    for member in members:
        if member.referred_by is None:
            continue
        referrer = person(by_index[member.referred_by], by_index[member.referred_by].joined)
        pairs.append((member, referrer, person(member, member.joined)))
    db.flush()
    for member, referrer, friend in pairs:
        converted = member.subscriptions[0].converted_at
        referral = Referral(
            tenant_id=tenant_id,
            programme_id=programme_id,
            referrer_id=referrer.id,
            referred_id=friend.id,
            code=referrer.referral_code,
            status="CONVERTED" if converted else "PENDING",
            created_at=member.joined,
            converted_at=converted,
        )
        db.add(referral)
        if converted is None:
            continue
        db.flush()
        for kind, user, description in (
            ("referrer", referrer, referrer_reward),
            ("referred", friend, referred_reward),
        ):
            db.add(
                Reward(
                    tenant_id=tenant_id,
                    referral_user_id=user.id,
                    referral_id=referral.id,
                    kind=kind,
                    description=description,
                    issued_at=converted,
                )
            )
