"""The production guard: with MASTHEAD_ENVIRONMENT=production the server refuses to start
while an embedded default or a test stand-in is configured.

Every default of Settings makes `make run` work on a bare machine, and several of them would
be holes on the internet: the dev mailbox shows every reader's reset links, the payment
sandbox takes any card, demo readers have a published password, a random per-machine secret
key breaks nonces across processes. The guard lists every such setting at once, so an
operator fixes them in one go rather than one restart at a time.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from masthead.identity.social.production_check import social_sign_in_problems
from masthead.referrals.production_check import unsafe_tenants
from masthead.settings import Settings

# Settings' defaults: the embedded Braintree sandbox's merchant and keys.
SANDBOX_BRAINTREE_KEYS = {
    "braintree_merchant_id": "masthead_sandbox",
    "braintree_public_key": "sandbox_public_key",
    "braintree_private_key": "sandbox_private_key",
}


class ProductionRefused(RuntimeError):
    """Raised by create_app; its message names every offending setting."""


def settings_problems(settings: Settings) -> list[str]:
    """One line per setting production must not run with (those read from the environment)."""
    problems: list[str] = []
    if settings.mail_backend == "devmailbox":
        problems.append(
            "MASTHEAD_MAIL_BACKEND=devmailbox: the dev mailbox shows every reader's mail; "
            "set it to smtp"
        )
    if settings.sms_backend == "devoutbox":
        problems.append(
            "MASTHEAD_SMS_BACKEND=devoutbox: texts are kept and shown at /dev/texts, never "
            "sent; configure a real SMS provider"
        )
    if settings.payments == "sandbox":
        problems.append(
            "MASTHEAD_PAYMENTS=sandbox: the embedded payment sandbox accepts any test card; "
            "set it to braintree"
        )
    if settings.braintree_environment != "production":
        problems.append(
            f"MASTHEAD_BRAINTREE_ENVIRONMENT={settings.braintree_environment}: not Braintree's "
            "production; set it to production"
        )
    for name, sandbox_value in SANDBOX_BRAINTREE_KEYS.items():
        if getattr(settings, name) == sandbox_value:
            problems.append(
                f"MASTHEAD_{name.upper()}={sandbox_value}: the sandbox's value; set your "
                "Braintree account's"
            )
    if settings.human_verification_double:
        problems.append(
            "MASTHEAD_HUMAN_VERIFICATION_DOUBLE=true: the local verification double passes "
            "any browser; set it to false and configure recaptcha or turnstile keys"
        )
    if settings.seed_demo:
        problems.append(
            "MASTHEAD_SEED_DEMO=true: demo readers with a published password; set it to false"
        )
    if settings.password_hashing != "recommended":  # noqa: S105 (a setting's name, no secret)
        problems.append(
            f"MASTHEAD_PASSWORD_HASHING={settings.password_hashing}: argon2id at its cheapest, "
            "for test suites; set it to recommended"
        )
    if "secret_key" not in settings.model_fields_set:
        problems.append(
            "MASTHEAD_SECRET_KEY is not set: a random key kept on this machine signs nonces; "
            "set one random key, the same in every process"
        )
    if (settings.webhook_secret or settings.secret_key) == settings.secret_key:
        problems.append(
            "MASTHEAD_WEBHOOK_SECRET is empty or equals MASTHEAD_SECRET_KEY: webhook "
            "targets would hold the key that signs nonces; set a different random secret"
        )
    problems += social_sign_in_problems(settings)
    if urlsplit(settings.public_url).scheme != "https":
        problems.append(
            f"MASTHEAD_PUBLIC_URL={settings.public_url}: not https://, so cookies are not "
            "Secure and links in mail travel in clear; set the https:// address readers use"
        )
    return problems


def database_problems(engine: Engine) -> list[str]:
    """What the database holds that production must not run with (the referral tenants)."""
    try:
        with Session(engine) as db:
            return unsafe_tenants(db)
    except SQLAlchemyError as exc:
        reason = str(exc).splitlines()[0]
        return [f"MASTHEAD_DATABASE_URL: the referral tenants could not be read ({reason})"]


def refuse_unsafe_settings(settings: Settings) -> None:
    """refuse_unsafe_production's settings half, which needs no database: `masthead.serve`
    asks it before migrating, so a start refused for its settings leaves the database as it was."""
    if settings.production:
        _refuse(settings_problems(settings))


def refuse_unsafe_production(settings: Settings, engine: Engine) -> None:
    """In production, raise ProductionRefused naming every problem; otherwise do nothing."""
    if settings.production:
        _refuse(settings_problems(settings) + database_problems(engine))


def _refuse(problems: list[str]) -> None:
    if problems:
        lines = "\n".join(f"  - {problem}" for problem in problems)
        raise ProductionRefused(
            "Masthead will not start with MASTHEAD_ENVIRONMENT=production while these hold "
            f"(see README, Production checklist):\n{lines}"
        )
