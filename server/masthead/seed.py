"""Demo content for `make run`: readers to sign in as, plans, the referral tenant and the
publisher's stories. Idempotent."""

from __future__ import annotations

from masthead.articles.seed import seed_articles
from masthead.billing.api import seed_catalogue, seed_demo_membership, seed_discounts
from masthead.comments.seed import seed_demo_comments
from masthead.dashboard.seed import seed_demo_history
from masthead.db import session_scope
from masthead.decisions.defaults import seed_rules
from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.member_events.seed import seed_member_events
from masthead.newsletters.seed import seed_newsletters
from masthead.referrals.seed import seed_referrals
from masthead.site.brands import BRANDS
from masthead.staff.seed import seed_demo_staff

# The published demo login. It passes the password rules a reader is held to ("Password123",
# the demo password before, is on the breach list); readers seeded with that one move to this.
DEMO_PASSWORD = "Masthead-Demo-1"  # noqa: S105
_FORMER_DEMO_PASSWORD = "Password123"  # noqa: S105
DEMO_SUBSCRIBER = "subscriber@example.com"  # a member of the annual plan (on the sandbox)
DEMO_READERS = [
    ("reader@example.com", "Riley Reader", "#1a5fb4"),
    (DEMO_SUBSCRIBER, "Sam Subscriber", "#26a269"),
]
# What the comments' author card shows of them (their profiles are public).
DEMO_ABOUT = {
    "reader@example.com": {"location": "Queens, NY", "bio": "Reads the sports pages first."},
    "subscriber@example.com": {"location": "Brooklyn, NY", "bio": "Home cook, weekend runner."},
}


def seed_demo(runtime: Runtime) -> None:
    for db in session_scope(runtime.sessions):
        now = runtime.clock.now()
        for email, full_name, colour in DEMO_READERS:
            existing = repository.user_by_email(db, email)
            if existing is not None:
                if passwords.verify_password(
                    runtime.settings, existing.password_hash, _FORMER_DEMO_PASSWORD
                ):
                    existing.password_hash = passwords.hash_password(
                        runtime.settings, DEMO_PASSWORD
                    )
                continue
            first, _, last = full_name.partition(" ")
            repository.add_user(
                db,
                email,
                passwords.hash_password(runtime.settings, DEMO_PASSWORD),
                verified=True,
                attributes={
                    "full-name": full_name,
                    "first-name": first,
                    "last-name": last,
                    "avatar-color": colour,
                    **DEMO_ABOUT[email],
                },
                now=now,
            )
    seed_demo_staff(runtime)  # staff@example.com: an admin, authenticator app not set up yet
    seed_referrals(runtime)
    seed_catalogue(runtime)
    seed_discounts(runtime)
    seed_demo_membership(runtime, DEMO_SUBSCRIBER)  # Sam Subscriber is a member
    seed_stories(runtime)
    seed_newsletters(runtime)  # a few lists per group
    seed_member_events(runtime)  # three upcoming events for the onboarding's events step
    # A few comments by the demo readers, so the pages' comment counts show something.
    seed_demo_comments(runtime, [email for email, _name, _colour in DEMO_READERS])
    for db in session_scope(runtime.sessions):
        seed_rules(db, runtime.clock.now())
    seed_demo_history(runtime)  # a year of members, so the dashboard has something to show


def seed_stories(runtime: Runtime) -> None:
    """The demo stories, each with its brand's comments spot."""
    seed_articles(runtime, {key: brand.spot_id for key, brand in BRANDS.items()})
