"""The static pages every footer, the register form, checkout and the cancellation link point
to (spec section 2: /membership-terms, /membership-terms#cancellation, /terms/, /privacy/),
and each brand's built-in text: what a page shows until an operator stores its own.

The texts say what Masthead does (billing monthly or once per period, one free trial
per reader, pause, cancel from the account area, non-refundable charges, price increases
notified by email: spec section 9) so the defaults are true of this deployment.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from masthead.site.brands import MEMBERSHIP, Brand

MEMBERSHIP_TERMS = "membership-terms"
TERMS = "terms"
PRIVACY = "privacy"
# Where each page lives, as the spec and every link spell it.
PATHS = {MEMBERSHIP_TERMS: "/membership-terms", TERMS: "/terms/", PRIVACY: "/privacy/"}
CANCELLATION_ID = "cancellation"  # /membership-terms#cancellation: must stay on that page
REQUIRED_IDS = {MEMBERSHIP_TERMS: (CANCELLATION_ID,)}
MEMBERSHIP_PATH = "/account/settings/membership"


@dataclass(frozen=True)
class PageText:
    title: str
    body_html: str


def _membership_terms(brand: Brand) -> PageText:
    name = escape(brand.name)
    return PageText(
        "Membership terms",
        f"<p>These terms apply to a {MEMBERSHIP} membership bought on {name}. By subscribing "
        "you agree to them.</p>"
        '<h2 id="what-you-get">What you get</h2>'
        f"<p>{MEMBERSHIP} members read every members-only story on {name} "
        f"({escape(brand.tagline.lower())}) for as long as their membership is active.</p>"
        '<h2 id="billing">Plans and billing</h2>'
        "<p>The monthly plan is billed every month, on the same day; the six-month and annual "
        "plans are billed once for each period. Your membership renews at the end of each "
        "period and is charged to your saved payment method until you cancel. The price and "
        "the next "
        "billing date are shown in your account under "
        f'<a href="{MEMBERSHIP_PATH}">Membership</a>.</p>'
        '<h2 id="trial">Free trials</h2>'
        "<p>When a plan offers a free trial, nothing is charged until the trial ends. Each "
        "reader can have one free trial: a reader who has had one starts with a charge.</p>"
        '<h2 id="prices">Price changes</h2>'
        "<p>If the price of your plan goes up, we tell you by email before the new price "
        "applies to your membership.</p>"
        '<h2 id="refunds">Refunds</h2>'
        "<p>Charges are non-refundable, including for the unused part of a period.</p>"
        '<h2 id="pause">Pausing</h2>'
        "<p>You can pause your membership for a number of months from your account. It then "
        "resumes on the date shown there, at your plan's price.</p>"
        f'<h2 id="{CANCELLATION_ID}">Cancelling your membership</h2>'
        "<p>You can cancel at any time in your account: open "
        f'<a href="{MEMBERSHIP_PATH}">Membership</a> and choose Cancel membership. You are '
        "not charged again, and you keep your benefits until the end of the period you have "
        "already paid for. Cancelling during a free trial ends the trial without a charge. "
        "Until the end of the period you can restart your membership from the same page.</p>",
    )


def _terms(brand: Brand) -> PageText:
    name = escape(brand.name)
    return PageText(
        "Terms of use",
        f"<p>These terms apply to everyone who reads {name} or has an account with it.</p>"
        '<h2 id="account">Your account</h2>'
        "<p>Keep your password to yourself and your email address up to date: we use it to "
        "sign you in, to reset your password and to send you what you asked for. You can "
        "change your details at any time under Settings in your account.</p>"
        '<h2 id="content">Our stories</h2>'
        f"<p>The stories, photos and videos on {name} are ours or our partners'. You may "
        "read and share links to them; copying or republishing them needs our "
        "permission.</p>"
        '<h2 id="comments">Comments</h2>'
        "<p>Be civil and stay on topic. We remove comments that insult, threaten, spam or "
        "break the law, and may close the accounts of those who post them.</p>"
        '<h2 id="membership">Membership</h2>'
        f'<p>A {MEMBERSHIP} membership is also subject to the <a href="'
        f'{PATHS[MEMBERSHIP_TERMS]}">membership terms</a>.</p>'
        '<h2 id="changes">Changes to these terms</h2>'
        "<p>When we change these terms we publish the new version on this page; important "
        "changes are also sent to account holders by email.</p>",
    )


def _privacy(brand: Brand) -> PageText:
    name = escape(brand.name)
    return PageText(
        "Privacy policy",
        f"<p>This policy says what {name} collects about you, why, and what you can do "
        "about it.</p>"
        '<h2 id="collect">What we collect</h2>'
        "<p>Your account details (email address, name and the profile you fill in), your "
        f"{MEMBERSHIP} membership and its payments (the card itself is kept by our payment "
        "processor, not by us), and which stories you read.</p>"
        '<h2 id="use">How we use it</h2>'
        "<p>To sign you in, to give members their stories, to bill your membership, to send "
        "the mail you asked for, and to understand which stories our readers value.</p>"
        '<h2 id="cookies">Cookies</h2>'
        "<p>A session cookie keeps you signed in; a membership cookie remembers whether to "
        "show you the members' loader or an offer; a referral cookie remembers who "
        "recommended us to you. We do not sell what these cookies record.</p>"
        '<h2 id="choices">Your choices</h2>'
        "<p>You can see and change your details, and make your profile private, at any time "
        "under Settings in your account.</p>",
    )


_BUILDERS = {MEMBERSHIP_TERMS: _membership_terms, TERMS: _terms, PRIVACY: _privacy}


def default_page(brand: Brand, slug: str) -> PageText:
    return _BUILDERS[slug](brand)
