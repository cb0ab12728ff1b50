"""Demo content for `make run`: readers to sign in as, plans, the referral tenant and the
publisher's stories. Idempotent."""

from __future__ import annotations

import uuid

from masthead.articles.seed import seed_articles
from masthead.billing.catalog import seed_catalogue
from masthead.billing.discounts import seed_discounts
from masthead.db import session_scope
from masthead.decisions.defaults import seed_rules
from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.identity.models import Profile, User
from masthead.referrals.seed import seed_referrals

DEMO_PASSWORD = "Password123"  # noqa: S105 (the published demo login)
DEMO_READERS = [
    ("reader@example.com", "Riley Reader", "#1a5fb4"),
    ("subscriber@example.com", "Sam Subscriber", "#26a269"),
]


def seed_demo(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        now = runtime.clock.now()
        for email, full_name, colour in DEMO_READERS:
            if repository.user_by_email(db, email) is not None:
                continue
            first, _, last = full_name.partition(" ")
            user = User(
                email=email,
                password_hash=passwords.hash_password(DEMO_PASSWORD),
                email_verified=True,
                tracking_id=str(uuid.uuid4()),
                created_at=now,
                updated_at=now,
            )
            user.profile = Profile(
                attributes={
                    "full-name": full_name,
                    "first-name": first,
                    "last-name": last,
                    "avatar-color": colour,
                },
                updated_at=now,
            )
            db.add(user)
    seed_referrals(runtime)
    seed_catalogue(runtime)
    seed_discounts(runtime)
    seed_articles(runtime)
    for db in session_scope(runtime.sessions):
        seed_rules(db, runtime.clock.now())
