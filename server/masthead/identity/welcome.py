"""The welcome mail of a new account: what the account area offers, and where to find it.

Sent once per account (key "welcome:<user id>"), through the outbox with the change that
causes it. With MASTHEAD_REQUIRE_EMAIL_VERIFICATION the verification mail stays the one
mail of registering (a single clear task), and the welcome follows once the address is
proven, so nothing but that link is ever sent to an address nobody has confirmed.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.deps import Runtime
from masthead.identity.models import User
from masthead.identity.profile_fields import read_profile
from masthead.mail.api import Mail, send_once

SUBJECT = "Welcome to Masthead"
SETTINGS_PAGE = "/account/settings"
MEMBERSHIP_PAGE = "/account/settings/membership"


def send_welcome(db: Session, rt: Runtime, user: User) -> None:
    base = rt.settings.public_url.rstrip("/")
    name = str(read_profile(user.profile.attributes).get("first-name") or "").strip()
    mail = Mail(
        subject=SUBJECT,
        greeting_name=name,
        paragraphs=[
            f"Welcome, and thank you for creating your account with {user.email}.",
            "In your account settings you can change your name, your email address and your "
            "password, and manage your membership.",
            f"Become a member for full access to every story: {base}{MEMBERSHIP_PAGE}",
        ],
        action=("Your account settings", base + SETTINGS_PAGE),
    )
    send_once(
        db,
        rt.clock,
        f"welcome:{user.id}",
        to=user.email,
        subject=mail.subject,
        text=mail.text(),
        html=mail.html(),
    )
