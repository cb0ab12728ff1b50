"""One Settings object, read from MASTHEAD_* environment variables.

Every external part has an embedded default so `make run` needs nothing but the machine.
"""

from __future__ import annotations

import secrets
from functools import cached_property
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[2]


def dev_secret_key() -> str:
    """A random key kept in var/secret-key, so nonces survive a restart of `make run`."""
    path = REPO_ROOT / "var" / "secret-key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="MASTHEAD_", extra="ignore")

    environment: Literal["development", "production"] = Field(
        default="development",
        description="'production' refuses to start while an embedded default or a test "
        "stand-in is configured (masthead.production names each one).",
    )
    database_url: str = Field(
        default=f"sqlite:///{REPO_ROOT / 'var' / 'masthead.db'}",
        description="SQLAlchemy URL: a SQLite file by default; postgresql+psycopg://... "
        "in production.",
    )
    public_url: str = Field(
        default="http://127.0.0.1:8000",
        description="Where readers reach this server; links in mail point here.",
    )
    allowed_redirect_hosts: list[str] = Field(
        default=["127.0.0.1", "localhost", "nypost.com", "pagesix.com", "decider.com"],
        description="Hosts an absolute redirect after login may point to.",
    )
    webhook_targets: list[str] = Field(
        default=[],
        description="URLs the site API's webhook forwards events to; a request names one of "
        "them as targetUrl (any other is refused).",
    )
    webhook_secret: str = Field(
        default="",
        description="Signs forwarded events (Standard Webhooks: webhook-id, webhook-timestamp, "
        "webhook-signature); a whsec_ secret as it is, other text as its UTF-8 bytes (targets "
        "hold 'whsec_' + its base64); empty: the secret key.",
    )
    allowed_origins: list[str] = Field(
        default=[],
        description="Extra origins allowed to make cookie-authenticated state changes.",
    )
    mail_backend: str = Field(
        default="devmailbox",
        description="'devmailbox' keeps mail in the database and shows it at /dev/mailbox "
        "(never in production: it shows every reader's links); 'smtp' sends it.",
    )
    mail_from: str = Field(
        default="Masthead <no-reply@masthead.local>", description="From header of mail."
    )
    smtp_host: str = Field(default="127.0.0.1", description="SMTP server (mail_backend=smtp).")
    smtp_port: int = Field(default=25, description="SMTP port; 587 with STARTTLS is usual.")
    smtp_username: str = Field(default="", description="SMTP login; empty sends without one.")
    smtp_password: str = Field(default="", description="SMTP password.")
    smtp_starttls: bool = Field(
        default=False, description="Upgrade the SMTP connection with STARTTLS."
    )
    worker: str = Field(
        default="inprocess",
        description="'inprocess' drains the outbox in a server thread; 'off' leaves it to "
        "`python -m masthead.worker` processes.",
    )
    job_lease_seconds: int = Field(
        default=30,
        ge=1,
        le=3600,
        description="How long a job worker's claim on a job hides it from the other workers; "
        "renewed every third of it while the job runs, so a killed worker's job is taken over "
        "within this time (a job runs again if its worker stalls longer than this).",
    )
    database_connections: int = Field(
        default=80,
        ge=4,
        le=1000,
        description="The most connections one process opens to PostgreSQL for its requests and "
        "jobs (half kept open, half opened at peaks), besides the 4 its awaited hot reads keep. "
        "Keep (this + 4) times the processes under the server's max_connections; a request "
        "that finds every connection busy waits up to 30 s, then gets a 503 (README: the "
        "connection budget).",
    )
    log_format: Literal["text", "json"] = Field(
        default="text",
        description="text: lines for a person (make run). json: one JSON object per line with "
        "the request id, and an access line per request (make run-scaled, deployments).",
    )
    redis_key_prefix: str = Field(
        default="masthead:rl",
        min_length=1,
        max_length=64,
        description="What every Redis key of this deployment starts with: deployments (or "
        "test runs) sharing one Redis keep their counts apart.",
    )
    metrics_key: str = Field(
        default="",
        description="Bearer key of GET /metrics (Prometheus); empty turns it off (404).",
    )
    redis_url: str = Field(
        default="", description="Shared rate limits across processes; empty keeps them in process."
    )
    require_email_verification: bool = Field(
        default=False,
        description="Refuse login (401 email-not-verified) until the email is verified.",
    )
    rate_limit_per_address: int = Field(
        default=30,
        description="Login, register, reset, email-change and password-change attempts per "
        "client address per window (each action counted on its own).",
    )
    rate_limit_per_account: int = Field(
        default=10,
        description="Login, reset, email-change and password-change attempts per account per "
        "window (each action counted on its own).",
    )
    rate_limit_window_seconds: int = Field(
        default=300, description="Length of a rate-limit window."
    )
    webhook_events_per_address: int = Field(
        default=600, ge=1, description="Site API webhook events per client address per window."
    )
    webhook_events_per_account: int = Field(
        default=300, ge=1, description="Site API webhook events per signed-in reader per window."
    )
    profanity_checks_per_address: int = Field(
        default=300,
        ge=1,
        description="Site API profanity checks per client address per window (429 beyond).",
    )
    card_attempts_per_account: int = Field(
        default=10,
        ge=1,
        description="Cards a reader may vault or re-verify per hour (payment methods, subscribe "
        "with a card); 429 beyond.",
    )
    card_attempts_per_address: int = Field(
        default=30, ge=1, description="Card vaulting and re-verifying per client address per hour."
    )
    comments_per_reader: int = Field(
        default=5,
        ge=1,
        description="Comments and replies a reader may post per minute (429 beyond).",
    )
    comments_per_address: int = Field(
        default=20,
        ge=1,
        description="Comments and replies posted from one client address per 10 minutes.",
    )
    comment_actions_per_reader: int = Field(
        default=120,
        ge=1,
        description="Edits, deletions, votes, hearts and reports a reader may make per minute.",
    )
    comment_sign_ons_per_address: int = Field(
        default=60,
        ge=1,
        description="Comments sign-on steps (start, the page's code, complete) per client "
        "address per 10 minutes.",
    )
    comments_live_poll_seconds: float = Field(
        default=2.0,
        gt=0,
        le=60,
        description="How often each process's poller of a story with live readers asks the "
        "database for newly published comments.",
    )
    comments_live_keep_alive_seconds: float = Field(
        default=15.0,
        gt=0,
        le=300,
        description="A quiet live-comments stream sends a keep-alive comment this often.",
    )
    comments_live_listeners: int = Field(
        default=1000,
        ge=1,
        description="Live-comments streams one process keeps open (503 beyond).",
    )
    comments_live_listeners_per_address: int = Field(
        default=10,
        ge=1,
        description="Live-comments streams one process keeps open for one client address "
        "(429 beyond).",
    )
    comments_live_opens_per_address: int = Field(
        default=300,
        ge=1,
        description="Live-comments streams one client address may open per 10 minutes (429 "
        "beyond).",
    )
    session_days: int = Field(default=365, description="Session cookie and row lifetime.")
    reset_token_minutes: int = Field(
        default=60, description="How long a password reset link works."
    )
    email_change_token_minutes: int = Field(
        default=60 * 24, description="How long email change and verification links work."
    )
    trusted_proxies: list[str] = Field(
        default=[],
        description="Addresses (or CIDR networks) of the proxies in front of the server. A "
        "request from one of them is taken to come from the rightmost X-Forwarded-For entry "
        "that is not a trusted proxy (X-Forwarded-Proto gives the scheme); empty trusts none, "
        "so the client address is the connection's.",
    )
    seed_demo: bool = Field(default=True, description="`make run` seeds demo readers.")
    password_hashing: Literal["recommended", "minimal"] = Field(
        default="recommended",
        description="'recommended': argon2id with argon2-cffi's recommended parameters (RFC "
        "9106's low-memory choice: 64 MiB, 3 passes, 4 lanes). 'minimal': argon2id at its "
        "cheapest, for test suites, which hash thousands of passwords (production refuses it).",
    )
    secret_key: str = Field(
        default_factory=lambda: dev_secret_key(),
        min_length=16,
        description="Signs the site API's nonces. Set it in production (every process the "
        "same); unset, a random key is kept in var/secret-key for development.",
    )
    web_dist: Path = Field(
        default=REPO_ROOT / "web" / "dist", description="The built account area (npm run build)."
    )
    widget_dist: Path = Field(
        default=REPO_ROOT / "widget" / "dist",
        description="The built referral widget library (npm run build:widget).",
    )
    site_dist: Path = Field(
        default=REPO_ROOT / "web" / "dist-site",
        description="The built host-page islands of the publisher pages (npm run build:site).",
    )
    brand: Literal["", "main", "gossip", "lifestyle"] = Field(
        default="",
        description="Force one brand (main, gossip or lifestyle) on every host; empty picks "
        "the brand from the request's host name through brand_hosts.",
    )
    brand_hosts: dict[str, Literal["main", "gossip", "lifestyle"]] = Field(
        default={
            "127.0.0.1": "main",
            "localhost": "main",
            "gossip.localhost": "gossip",
            "lifestyle.localhost": "lifestyle",
        },
        description="Host name (no port) -> brand of the publisher pages; other hosts are main.",
    )
    referral_tenant: str = Field(
        default="test_masthead",
        description="The referral tenant whose key signs readers' referral JWTs (the account "
        "area's Refer a friend and My rewards pages); `make run` seeds test_masthead.",
    )
    referral_jwt_minutes: int = Field(
        default=60, ge=1, le=1440, description="Lifetime of a reader's referral JWT."
    )
    membership_enabled: bool = Field(
        default=True,
        description="Readers may start a membership; false refuses subscribe (403 "
        "membership-disabled) and the membership call reports membershipEnabled false.",
    )
    membership_pause_enabled: bool = Field(
        default=True,
        description="The pause feature flag: readers may pause and resume; paused statuses "
        "exist only while it is on (false refuses pause with 403 pause-disabled).",
    )
    decisions_key: str = Field(
        default="",
        description="Shared secret of the decision rules' operator API "
        "(/operator/v1/decision-rules, Authorization: Bearer <key>); empty turns it off (404).",
    )
    catalog_key: str = Field(
        default="",
        description="Shared secret of the plan catalogue's operator API (/operator/v1/plans, "
        "/operator/v1/discounts, Authorization: Bearer <key>); empty turns it off (404).",
    )
    home_delivery_key: str = Field(
        default="",
        description="Shared secret of the print system's home-delivery operator API "
        "(Authorization: Bearer <key>); empty turns the API off (404).",
    )
    static_pages_key: str = Field(
        default="",
        description="Shared secret of the static pages' operator API "
        "(/operator/v1/static-pages, Authorization: Bearer <key>); empty turns it off (404).",
    )
    stories_key: str = Field(
        default="",
        description="Shared secret of the stories' content API for a CMS "
        "(/operator/v1/stories/{id}, Authorization: Bearer <key>); empty turns it off (404).",
    )
    referrals_key: str = Field(
        default="",
        description="Shared secret of the referral tenants' operator API "
        "(/operator/v1/referral-tenants, Authorization: Bearer <key>); empty turns it off (404).",
    )
    payments: str = Field(
        default="sandbox",
        description="'sandbox' runs the local Braintree sandbox (its tables, its wire protocol "
        "at /braintree-sandbox); 'braintree' uses Braintree through the official SDK.",
    )
    braintree_timeout_seconds: float = Field(
        default=20.0,
        gt=0,
        le=120,
        description="How long one Braintree call may take before it counts as failed (the "
        "reader is told the payment service did not answer; nothing is half-written).",
    )
    payment_sandbox_answer_delay_ms: int = Field(
        default=0,
        ge=0,
        le=60_000,
        description="The payment sandbox answers a subscription's creation or cancellation "
        "this much later, after doing it: a slow gateway, for fault tests.",
    )
    braintree_merchant_id: str = Field(
        default="masthead_sandbox", description="Braintree merchant id (the sandbox's own)."
    )
    braintree_public_key: str = Field(
        default="sandbox_public_key",
        description="Braintree public key; it names the key in webhook signatures.",
    )
    braintree_private_key: str = Field(
        default="sandbox_private_key",
        description="Braintree private key: API basic auth and webhook signature key.",
    )
    braintree_environment: str = Field(
        default="sandbox",
        description="'sandbox' or 'production' (Braintree's hosts), or the base URL of a "
        "server speaking Braintree's protocol, e.g. http://127.0.0.1:8000/braintree-sandbox.",
    )
    supported_countries: str = Field(
        default="US",
        description="Countries where memberships are sold: ISO 3166 two-letter codes, comma "
        "separated (US,CA); empty sells everywhere. Outside them plans are hidden, subscribe "
        "is refused (403 unsupported-region) and the account area shows the "
        "unsupported-region page.",
    )
    country_header: str = Field(
        default="",
        description="The request header carrying the visitor's country, set and overwritten "
        "by a proxy or CDN you run (CloudFront-Viewer-Country); empty, or the header "
        "missing, means the country is unknown and counts as supported.",
    )
    supported_states: str = Field(
        default="",
        description="US states (two-letter codes, comma separated) whose postal codes are "
        "eligible in the postal-code call; empty: every state.",
    )
    # --- social sign-in (identity/social) ---
    social_development_provider: bool = Field(
        default=True,
        description="Offer the built-in development identity provider (a page where one "
        "types the account's subject, email, verified flag and names) for every social "
        "provider without settings of its own; production refuses it.",
    )
    social_attempt_minutes: int = Field(
        default=10, ge=1, le=60, description="How long a social sign-in popup may take."
    )
    social_sign_ins_per_address: int = Field(
        default=60,
        ge=1,
        description="Social sign-in popups one client address may open per rate-limit window.",
    )
    google_client_id: str = Field(default="", description="Google OAuth client id.")
    google_client_secret: str = Field(default="", description="Google OAuth client secret.")
    google_metadata_url: str = Field(
        default="https://accounts.google.com/.well-known/openid-configuration",
        description="Google's OpenID Connect discovery document.",
    )
    facebook_client_id: str = Field(default="", description="Facebook app id.")
    facebook_client_secret: str = Field(default="", description="Facebook app secret.")
    facebook_authorize_url: str = Field(
        default="https://www.facebook.com/v21.0/dialog/oauth",
        description="Facebook's OAuth 2 authorization endpoint.",
    )
    facebook_token_url: str = Field(
        default="https://graph.facebook.com/v21.0/oauth/access_token",
        description="Facebook's OAuth 2 token endpoint.",
    )
    facebook_profile_url: str = Field(
        default="https://graph.facebook.com/v21.0/me",
        description="Facebook's Graph API call for the signed-in person.",
    )
    apple_client_id: str = Field(default="", description="Sign in with Apple: the Services ID.")
    apple_team_id: str = Field(default="", description="Sign in with Apple: the team id.")
    apple_key_id: str = Field(default="", description="Sign in with Apple: the key's id.")
    apple_private_key: str = Field(
        default="", description="Sign in with Apple: the key (PEM) that signs client secrets."
    )
    apple_metadata_url: str = Field(
        default="https://appleid.apple.com/.well-known/openid-configuration",
        description="Apple's OpenID Connect discovery document.",
    )
    # --- human verification (human_verification) ---
    human_verification_provider: Literal["none", "recaptcha", "turnstile"] = Field(
        default="none",
        description="The human-verification challenge (action nyp_membership) guarding "
        "registration and the payflow: 'recaptcha' (reCAPTCHA v3), 'turnstile' (Cloudflare "
        "Turnstile) or 'none'. Without a site key and secret it is off, as under `make run`.",
    )
    human_verification_site_key: str = Field(
        default="", description="The provider's site key, given to the browser."
    )
    human_verification_secret: str = Field(
        default="", description="The provider's secret key, sent only to its siteverify."
    )
    human_verification_score_threshold: float = Field(
        default=0.5,
        ge=0.0,
        le=1.0,
        description="reCAPTCHA v3: the lowest score (0.0 bot to 1.0 human) that passes.",
    )
    human_verification_disabled: bool = Field(
        default=False,
        description="Turn the challenge off although a provider and keys are set "
        "(GET .../recaptcha-disable then says disabled).",
    )
    human_verification_siteverify_url: str = Field(
        default="",
        description="Where the server checks tokens; empty: the provider's own siteverify "
        "(or the verification double's, when MASTHEAD_HUMAN_VERIFICATION_DOUBLE is on).",
    )
    human_verification_script_url: str = Field(
        default="",
        description="The provider's browser script; empty: the provider's own (or the "
        "verification double's, when MASTHEAD_HUMAN_VERIFICATION_DOUBLE is on).",
    )
    human_verification_double: bool = Field(
        default=False,
        description="Serve the local verification double (/verification-double/*: a browser "
        "script with the providers' API and a siteverify honouring Turnstile's test secrets) "
        "and aim the challenge at it; for tests, refused in production.",
    )
    human_verification_proof_minutes: int = Field(
        default=15,
        ge=1,
        le=120,
        description="How long a passed check lets this browser register and start a "
        "purchase (a signed, HttpOnly cookie).",
    )
    human_verification_attempts_per_address: int = Field(
        default=60,
        ge=1,
        description="Verification checks (POST .../recaptcha) per client address per "
        "rate-limit window (429 beyond).",
    )
    # --- the reader's data (reader_data) ---
    data_exports_per_reader: int = Field(
        default=5,
        ge=1,
        description="Downloads of a reader's data (GET /blaize/users/data) per reader per "
        "data-export window (429 beyond): each one reads everything Masthead holds about them.",
    )
    data_export_window_seconds: int = Field(
        default=3600, ge=1, description="Length of the data-export window."
    )
    # --- newsletters (newsletters) ---
    newsletter_provider: Literal["embedded"] = Field(
        default="embedded",
        description="The email provider subscriptions are mirrored to through the outbox. "
        "embedded: Masthead keeps them itself and records each change (newsletter_pushes).",
    )
    newsletter_writes_per_account: int = Field(
        default=30,
        ge=1,
        description="Newsletter changes (update, account_change) per reader per rate-limit "
        "window (429 beyond).",
    )
    newsletter_writes_per_address: int = Field(
        default=60,
        ge=1,
        description="Newsletter changes per client address per rate-limit window (429 beyond).",
    )

    # --- newsletter mail: one-click unsubscribe, preferences link (newsletters/one_click) ---
    newsletter_one_click_per_address: int = Field(
        default=600,
        ge=1,
        description="One-click unsubscribe requests (POST and GET of a List-Unsubscribe URL) "
        "per client address per rate-limit window (429 beyond). High: mail providers send "
        "every reader's unsubscribe from a few servers.",
    )
    newsletter_preferences_per_address: int = Field(
        default=60,
        ge=1,
        description="Reads and changes through the signed newsletter preferences link per "
        "client address per rate-limit window (429 beyond).",
    )
    # --- newsletter lists edited by editors (newsletters/editing) ---
    newsletter_lists_key: str = Field(
        default="",
        description="Shared secret of the newsletter lists' operator API "
        "(/operator/v1/newsletter-lists, Authorization: Bearer <key>); empty turns it off (404).",
    )
    # --- member events and onboarding (member_events) ---
    member_events_key: str = Field(
        default="",
        description="Shared secret of the member events' operator API "
        "(/operator/v1/member-events, Authorization: Bearer <key>); empty turns it off (404).",
    )
    # --- text alerts (texts) and the dev text outbox (sms_outbox) ---
    sms_backend: Literal["devoutbox", "disabled"] = Field(
        default="devoutbox",
        description="Where text messages go. devoutbox: kept by Masthead and shown at "
        "/dev/texts (refused in production). disabled: no texts; opting in and text-me-the-app "
        "answer 503 until an SMS provider's adapter is added (texts/sender.py).",
    )
    app_link: str = Field(
        default="https://masthead.example/app",
        min_length=8,
        max_length=300,
        description='The app\'s download link that "Text me a link to the app" sends.',
    )
    text_alert_writes_per_reader: int = Field(
        default=10,
        ge=1,
        description="Text-alert opt-ins and opt-outs per reader per rate-limit window "
        "(429 beyond): each one sends a text.",
    )
    text_alert_writes_per_address: int = Field(
        default=30,
        ge=1,
        description="Text-alert opt-ins and opt-outs per client address per rate-limit window.",
    )
    app_texts_per_number: int = Field(
        default=3,
        ge=1,
        description="App-link texts to one phone number per app-text window (429 beyond), and "
        "apart from those, text-alert opt-ins (each sends a confirmation) to one number: "
        "texts cost money, and a page must not be turned into an SMS pump.",
    )
    app_texts_per_reader: int = Field(
        default=3, ge=1, description="App-link texts a reader may ask for per app-text window."
    )
    app_texts_per_address: int = Field(
        default=10,
        ge=1,
        description="App-link texts asked for from one client address per app-text window.",
    )
    app_text_window_seconds: int = Field(
        default=86400, ge=1, description="Length of the app-text window (a day)."
    )
    # --- feedback (feedback) ---
    feedback_to: str = Field(
        default="support@masthead.local",
        description="Where readers' feedback is mailed (the dev mailbox shows it under this "
        "address).",
    )
    feedback_per_reader: int = Field(
        default=5,
        ge=1,
        description="Feedback messages per reader per rate-limit window (429 beyond).",
    )
    feedback_per_address: int = Field(
        default=20,
        ge=1,
        description="Feedback messages per client address per rate-limit window (429 beyond).",
    )
    # --- hand-off between the app and the web, and between brands (identity/handoff) ---
    handoff_code_seconds: int = Field(
        default=60,
        ge=5,
        le=600,
        description="Lifetime of a one-time hand-off code (app to web, brand to brand).",
    )
    handoffs_per_reader: int = Field(
        default=30,
        ge=1,
        description="Hand-off codes a reader may mint per rate-limit window (429 beyond); the "
        "sign-in on every brand mints one per other brand.",
    )
    handoffs_per_address: int = Field(
        default=60,
        ge=1,
        description="Hand-off codes minted and redeemed per client address per rate-limit "
        "window, each counted apart (429 beyond).",
    )
    sign_in_all_brands: bool = Field(
        default=True,
        description="After a sign-in on one brand's site, hop through the other brands' sites "
        "(brand_hosts) so the reader is signed in on all of them (GET /blaize/handoff/brands).",
    )

    @field_validator("trusted_proxies")
    @classmethod
    def _no_wildcard_proxy(cls, proxies: list[str]) -> list[str]:
        if "*" in proxies:
            raise ValueError(
                "'*' would trust every client's X-Forwarded-For; list the proxies' addresses"
            )
        return proxies

    @property
    def production(self) -> bool:
        return self.environment == "production"

    @property
    def supported_country_codes(self) -> frozenset[str]:
        return _codes(self.supported_countries)

    @property
    def supported_state_codes(self) -> frozenset[str]:
        return _codes(self.supported_states)

    @cached_property
    def secure_cookies(self) -> bool:
        return urlsplit(self.public_url).scheme == "https"

    @cached_property
    def public_origin(self) -> str:
        parts = urlsplit(self.public_url)
        return f"{parts.scheme}://{parts.netloc}"


def _codes(text: str) -> frozenset[str]:
    return frozenset(code.strip().upper() for code in text.split(",") if code.strip())
