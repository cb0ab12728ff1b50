"""The wire contract, checked: schemathesis sends generated requests to every operation of
`/api/openapi.json` and every check it has judges the answers (no 5xx, documented statuses,
content types and headers, bodies that match their schema, valid requests accepted, invalid
ones refused).

Each operation runs in every pass whose caller can reach code the others cannot: the site's and
the referral service's signed out and as a signed-in reader (a fresh `zephrSessionId` for every
request, since logout and password changes end sessions, with a comments session on it); the
operator APIs with their bearer keys (a reader's session changes nothing there); the staff
console's as the demo admin with a fresh staff session just stepped up, and signed out, where
every request is refused. All carry the site's Origin and a valid X-WP-Nonce for their session,
so the generated requests reach the code behind the refusals. Where a pass can reach the code,
schemathesis's coverage phase adds its boundary and wrong-type cases; the refusals-only pass is
a few generated examples, and so are the operator APIs that mount the console's own routes
again (their coverage phase runs in the staff pass). Examples are derandomised and without
deadlines, so the run is the same on every machine and stays short.

`make test` runs this module in both passes. The coverage phase runs on PostgreSQL, the
production database and the stricter (NUL bytes, lengths); on SQLite every operation gets its
generated examples, judged by the same checks.
"""

from __future__ import annotations

import secrets
import tempfile
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pyotp
import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, settings
from schemathesis import Case
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import positive_data_acceptance
from sqlalchemy import select

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.comments.models import CommentSession
from masthead.cookie_names import COMMENTS_COOKIE
from masthead.deps import Runtime
from masthead.identity import repository as identity_repository
from masthead.identity.api import AuthSession, token_hash
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.profile_fields import birthday_problem
from masthead.identity.service import start_session
from masthead.member_events.rules import EVERY_PROBLEM as MEMBER_EVENT_PROBLEMS
from masthead.models import Base
from masthead.nonces import REST_ACTION, make_nonce
from masthead.referrals.seed import DEMO_TENANT
from masthead.seed import seed_demo
from masthead.settings import Settings
from masthead.staff.api import STAFF_COOKIE
from masthead.staff.models import StaffSession, StaffTotp
from masthead.staff.seed import DEMO_STAFF_EMAIL
from masthead.staff.service import SESSION_LIFE, STEP_UP_LIFE, password_stamp
from tests.database_pass import postgres_pass

TEST_ORIGIN = "http://testserver"  # as tests/conftest.py

READER = "subscriber@example.com"  # a demo reader with a membership to look at
OPERATOR_KEYS = {  # path prefix -> the bearer key that API is given below
    "/operator/v1/decision-rules": "contract-decisions-key",
    "/operator/v1/home-delivery": "contract-home-delivery-key",
    "/operator/v1/static-pages": "contract-static-pages-key",
    "/operator/v1/plans": "contract-catalog-key",  # the catalogue's one key, for both
    "/operator/v1/discounts": "contract-catalog-key",
    "/operator/v1/stories": "contract-stories-key",
    "/operator/v1/referral-tenants": "contract-referrals-key",
    "/operator/v1/member-events": "contract-member-events-key",
    "/operator/v1/newsletter-lists": "contract-newsletter-lists-key",
}

# Each month's refusal of a day it lacks (April 31st): a schema states no such pairing.
BIRTHDAY_MISMATCHES = tuple(
    sorted({m for month in range(1, 13) if (m := birthday_problem(month, 31)) is not None})
)

# Refusals of schema-valid requests by rules a JSON Schema cannot state (a deliverable-looking
# email address, a strong password, a configured target, ...): (method, path) -> {error type:
# its exact messages, none listed for any message of that type}. Only such a 400 is excused
# from positive_data_acceptance; every other check still judges it, other refusals fail.
NAMES = tuple(f"{name} must be at most 100 characters." for name in ("firstName", "lastName"))
RULES: dict[tuple[str, str], dict[str, tuple[str, ...]]] = {
    # Initials are what the spec's rule makes of a name (identity/initials.py): one or two
    # user-perceived characters, letters, numbers or emoji; a schema cannot say "grapheme".
    ("GET", "/account/avatar/"): {
        "bad-request": ("The initials must be one or two letters, numbers or emoji, such as AL.",),
    },
    ("POST", "/blaize/register"): {
        "bad-request": ("Please enter a valid email address.",),
        "password-not-strong": (),
    },
    # The hand-off (identity/handoff): a code no one minted; a landing path, a return or a
    # next hop that only decodes to another site, or is no page of ours (targets.py).
    ("POST", "/blaize/handoff"): {
        "bad-request": ("The redirect must be a path on our site, such as /account/settings.",),
    },
    ("POST", "/blaize/handoff/redeem"): {"handoff-invalid": ()},
    ("GET", "/blaize/handoff/brands"): {
        "bad-request": ("The return address must be a page of one of our sites.",),
    },
    ("GET", "/blaize/handoff/hop"): {
        "bad-request": ("The next address must be one of our sites' pages.",),
    },
    # The console's feedback list: a page's start that is no day (feedback/console_routes.py).
    ("GET", "/admin/api/feedback"): {
        "bad-request": (
            "That page of feedback no longer exists. Please start again from the newest.",
        ),
    },
    # Feedback: a message of spaces alone (feedback/service.py).
    ("POST", "/wp-json/nyp-membership/v1/feedback"): {
        "bad-request": ("Please write your message.",),
    },
    ("POST", "/wp-json/nyp-membership/v1/webhook"): {  # webhooks/forwarding.py
        "bad-request": (
            "The targetUrl field must be one of this site's webhook targets.",
            "The details field must be a JSON object.",
        ),
    },
    # newsletters/service.py: which list ids exist, that one id is not both joined and left,
    # and that account_change needs its flag, are not things a schema can say.
    ("POST", "/wp-json/nyp-membership/v1/newsletters"): {
        "unknown-newsletter": (),
        "bad-request": (
            "The pause_membership field is required for account_change: true or false.",
        ),
        "both-lists": (),
    },
    # newsletters/one_click: a token is the server's signature (tokens.py), which a schema
    # cannot state; behind one, the newsletters call's own rules.
    ("POST", "/newsletters/unsubscribe/{token}"): {"invalid-link": ()},
    ("GET", "/newsletters/preferences"): {"invalid-link": ()},
    ("POST", "/newsletters/preferences"): {
        "invalid-link": (),
        "unknown-newsletter": (),
        "both-lists": (),
    },
    # billing: a nonce the gateway does not know (payment_methods/service.py), and a ZIP code
    # outside its state (payment_methods/postal_codes.py).
    ("POST", "/zephr/payment/braintree/payment-methods"): {
        "bad-request": ("Unknown or expired payment_method_nonce.",),
    },
    ("POST", "/wp-json/nyp-membership/v1/postal-code"): {"postal-code-mismatch": ()},
    # texts/phone.py: whether a number is a valid mobile one is libphonenumber's data, not a
    # pattern a schema can state.
    ("POST", "/wp-json/nyp-membership/v1/text-alerts"): {"invalid-phone-number": ()},
    ("POST", "/wp-json/nyp-membership/v1/app-text"): {"invalid-phone-number": ()},
    # An address email_validator refuses though its form is right (a special-use domain such
    # as .test, which schemathesis generates).
    ("POST", "/blaize/users/update-email/"): {
        "bad-request": ("Please enter a valid email address.",),
    },
    # An opaque cursor is one the thread gave (comments/thread.py): any other is refused.
    ("GET", "/comments/v1/thread"): {
        "bad-request": (
            "cursor must be the next_cursor of an earlier answer, asked with the same sort "
            "(or left out, for the first page).",
        ),
    },
    # The moderators' console (comments/console): the queue's cursor is one it gave for the
    # same queue; a ban names its reader by user_id or comment_id, not both nor neither; a
    # settings change names each site once.
    ("GET", "/admin/api/comments"): {
        "bad-request": (
            "cursor must be the next_cursor of an earlier answer for the same queue "
            "(or left out, for the first page).",
        ),
    },
    ("POST", "/admin/api/comments/bans"): {
        "bad-request": ("Name the reader to ban: give user_id or comment_id, not both.",),
    },
    ("PUT", "/admin/api/comments/settings"): {"bad-request": ()},
    # Deleting an account needs its password: a schema-valid string is rarely the right one.
    # Or a provider this session has just confirmed with (a popup no schema can stand for);
    # and the validators hold exactly one of the two.
    ("POST", "/blaize/users/delete/"): {
        "bad-credentials": ("Sorry, that password is not right. Please try again.",),
        "confirmation-required": (),
        "bad-request": (
            "Confirm with your password or with your provider: send validators.password or "
            "validators.provider (google, facebook or apple), one of the two.",
        ),
    },
    # A confirm popup is for a provider linked to the signed-in account.
    ("GET", "/blaize/oauth/{provider}"): {"not-linked": ()},
    # The same for a recipient: its 400 names the recipient, so any message of the type.
    ("POST", "/api/v1/{tenant_alias}/mail/referralinvite"): {"bad-request": ()},
    ("POST", "/blaize/profile"): {  # each name listed must be a key sent
        "bad-request": (
            "The updated-values field must list only the fields sent.",
            *BIRTHDAY_MISMATCHES,  # a birth day its month lacks
        ),
        # a display name or bio the profanity check refuses (moderation/profanity.py)
        "profane-text": (),
    },
    # Upsert: a body's ids that differ from the path's (documented, its 400 declared), and
    # cookie_user and upsert: a name of more than referrals/inputs.NAME_LIMIT characters once
    # trimmed, or an address email_validator refuses (as above).
    **{
        (method, f"/api/v1/{{tenant_alias}}/widget/{path}"): {
            "bad-request": (*messages, *NAMES, "email is not a valid email address."),
        }
        for method in ("POST", "PUT")
        for path, messages in (
            ("user/cookie_user", ()),
            (
                "account/{account_id}/user/{user_id}/upsert",
                ("The body's id and accountId must match the ids in the path.",),
            ),
        )
    },
    ("POST", "/api/v1/{tenant_alias}/open/account/{account_id}/user/{user_id}/events"): {
        "bad-request": ("The body's accountId and userId must match the ids in the path.",),
    },
    # The query language itself: a schema-valid string is rarely a valid renderWidget query,
    # nor an operationName one of its operations.
    ("POST", "/api/v1/{tenant_alias}/graphql"): {"bad-request": ()},
    # A rule's plans and discount must be in the catalogue (decisions/editing.py), and a rule
    # switched on checks them again; the console's and the operator API's are one set.
    **{
        (method, f"{prefix}/decision-rules{path}"): {"unknown-plan": (), "unknown-discount": ()}
        for prefix in ("/admin/api", "/operator/v1")
        for method, path in (
            ("POST", ""),
            ("PUT", "/{rule_id}"),
            ("PUT", "/{rule_id}/enabled"),
        )
    },
    # The staff console: a schema-valid code that is not the right one now.
    **{
        ("POST", f"/admin/api/session/{step}"): {
            "invalid-code": ("That code is not right. Try the newest code from your app.",)
        }
        for step in ("code", "enrolment", "confirm")
    },
    # Referral tenants (referrals/programmes): an origin, a landing URL, a code bank's lines,
    # a blank name, the size of the widget options as JSON.
    **{
        (method, f"{prefix}/referral-tenants{path}"): {kind: ()}
        for prefix in ("/admin/api", "/operator/v1")
        for method, path, kind in (
            ("POST", "", "invalid-tenant"),
            ("PATCH", "/{alias}", "invalid-tenant"),
            ("POST", "/{alias}/programmes", "invalid-programme"),
            ("PATCH", "/{alias}/programmes/{slug}", "invalid-programme"),
            ("POST", "/{alias}/programmes/{slug}/codes", "invalid-codes"),
        )
    },
    # Stories (articles/rules.py): a section of another brand, a slug that is no address, the
    # HTML rules, a members-only story without its members' part, a schedule in the past.
    **{
        (method, path): {"bad-request": ()}
        for method, path in (
            ("POST", "/admin/api/stories"),
            ("POST", "/admin/api/stories/preview"),
            ("PUT", "/admin/api/stories/{content_id}"),
            ("PUT", "/operator/v1/stories/{content_id}"),
        )
    },
    ("POST", "/admin/api/stories/{content_id}/schedule"): {"schedule-in-past": ()},
    # Plans and discounts (billing/catalog/editing.py): rules across fields (a regular price
    # below the price, a step-up without its date or too soon, dates in the wrong order, a
    # trial too long) and names of the catalogue (a discount's plans, and their prices).
    **{
        (method, f"{prefix}/{what}{path}"): {f"invalid-{what[:-1]}": ()}
        for prefix in ("/admin/api", "/operator/v1")
        for what in ("plans", "discounts")
        for method, path in (("POST", ""), ("PUT", f"/{{{what[:-1]}_id}}"))
    },
    # The dashboard's ranges (dashboard/ranges.py): a start after the end, more months or days
    # than a chart draws, a year outside those it covers.
    **{
        ("GET", f"/admin/api/dashboard/{chart}{suffix}"): {"bad-range": ()}
        for chart in (
            "members-by-status",
            "new-members",
            "trials",
            "cancellations",
            "revenue",
            "referral-conversions",
        )
        for suffix in ("", ".csv")
    },
    # The comments' sign-on: a schema-valid code that was never given (comments/signon).
    ("POST", "/plugins/public/openweb-v2/sso"): {"invalid-code": ()},
    ("POST", "/comments/v1/sso/complete"): {"invalid-code": ()},
    # A comment's words (comments/writing/rules.py): blank once trimmed, over 2,000
    # characters once trimmed (the message counts them), HTML tags, a word the profanity
    # check refuses, the same words posted again within a day.
    **{
        operation: {
            kind: ()
            for kind in (
                "empty-comment",
                "comment-too-long",
                "unsupported-markup",
                "profane-text",
                "repeated-comment",
            )
        }
        for operation in (
            ("POST", "/comments/v1/messages"),
            ("PATCH", "/comments/v1/messages/{comment_id}"),
        )
    },
    # Member events (member_events/rules.py): a blank title or place once trimmed, a link that
    # is not https, a date without its offset or outside 2000-2100.
    **{
        (method, f"{prefix}/member-events{path}"): {"bad-request": MEMBER_EVENT_PROBLEMS}
        for prefix in ("/admin/api", "/operator/v1")
        for method, path in (("POST", ""), ("PUT", "/{event_id}"))
    },
    ("GET", "/a/{tenant_alias}/widgets/squatchcookiejson"): {  # base64url text, not JSON
        "bad-request": (
            "The referral cookie does not hold base64url-encoded JSON.",
            "The referral cookie must hold a JSON object.",
        ),
    },
}


def _contract_settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
        worker="off",
        public_url=TEST_ORIGIN,
        seed_demo=False,
        secret_key="contract-test-secret-key",
        password_hashing="minimal",  # as tests/conftest.py
        rate_limit_per_address=1_000_000,
        rate_limit_per_account=1_000_000,
        webhook_events_per_address=1_000_000,
        webhook_events_per_account=1_000_000,
        card_attempts_per_account=1_000_000,
        card_attempts_per_address=1_000_000,
        comments_per_reader=1_000_000,
        comments_per_address=1_000_000,
        comment_actions_per_reader=1_000_000,
        comment_sign_ons_per_address=1_000_000,
        text_alert_writes_per_reader=1_000_000,
        text_alert_writes_per_address=1_000_000,
        app_texts_per_number=1_000_000,
        app_texts_per_reader=1_000_000,
        app_texts_per_address=1_000_000,
        decisions_key=OPERATOR_KEYS["/operator/v1/decision-rules"],
        home_delivery_key=OPERATOR_KEYS["/operator/v1/home-delivery"],
        static_pages_key=OPERATOR_KEYS["/operator/v1/static-pages"],
        catalog_key=OPERATOR_KEYS["/operator/v1/plans"],
        stories_key=OPERATOR_KEYS["/operator/v1/stories"],
        referrals_key=OPERATOR_KEYS["/operator/v1/referral-tenants"],
        member_events_key=OPERATOR_KEYS["/operator/v1/member-events"],
        newsletter_lists_key=OPERATOR_KEYS["/operator/v1/newsletter-lists"],
    )


def _document() -> dict[str, Any]:
    """The document the app below serves (collection needs it before any database exists)."""
    with tempfile.TemporaryDirectory() as scratch:  # the document reads no table
        application = create_app(_contract_settings(f"sqlite:///{scratch}/openapi.db"))
        try:
            return application.openapi()
        finally:
            application.state.runtime.engine.dispose()


# A body over 2 MB (a generated string far over its maxLength) is refused as too large before
# any route reads it (masthead/body_limit.py): a rejection of negative data like the others.
_REJECTIONS = SchemathesisConfig.from_dict({}).projects.default.checks.negative_data_rejection
CONFIG = SchemathesisConfig.from_dict(
    {
        "checks": {
            "negative_data_rejection": {
                "expected-statuses": [*_REJECTIONS.expected_statuses, "413"]
            }
        }
    }
)
schema = schemathesis.openapi.from_dict(_document(), config=CONFIG)
# Schemathesis's own strategies draw from `random` when hypothesis generates alone (every
# pass below without the explicit phase); that phase, where it runs first, hides it.
pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")


@pytest.fixture(scope="module")
def contract_app(database_url: str) -> Iterator[FastAPI]:
    clock = FrozenClock(datetime(2026, 11, 22, 12, 0, tzinfo=UTC))
    application = create_app(_contract_settings(database_url), clock)
    seed_demo(application.state.runtime)
    yield application
    runtime: Runtime = application.state.runtime
    with runtime.engine.begin() as conn:  # leave an empty database for the next test
        for table in reversed(Base.metadata.sorted_tables):
            conn.execute(table.delete())
    runtime.engine.dispose()


SESSION_BATCH = 32


class _FreshSessions:
    """Sessions no request has used, made a batch per transaction (one transaction per request
    was a sixth of the pass's CPU). Each operation starts on a batch of its own, made after
    every request of the operations before it: a console request that ends a reader's
    sessions, say, cannot end a session an unrelated operation is handed later."""

    def __init__(self, make: Callable[[Runtime, int], list[str]]) -> None:
        self._make = make
        self._for: tuple[int, str] | None = None
        self._tokens: list[str] = []

    def take(self, runtime: Runtime, operation: str) -> str:
        if self._for != (id(runtime), operation):
            self._for, self._tokens = (id(runtime), operation), []
        if not self._tokens:
            self._tokens = self._make(runtime, SESSION_BATCH)
        return self._tokens.pop()


# Each reader session's comments session (its mh_comments token), made with it: the signed-in
# pass reaches the comments' writing calls as a reader signed in to the comments.
COMMENT_SESSIONS: dict[str, str] = {}


def _reader_sessions(runtime: Runtime, count: int) -> list[str]:
    now = runtime.clock.now()
    with runtime.sessions.begin() as db:  # committed before the requests use them
        user = identity_repository.user_by_email(db, READER)
        assert user is not None
        tokens = [start_session(db, runtime, user, "schemathesis").token for _ in range(count)]
        db.flush()
        for token in tokens:
            auth = db.scalars(
                select(AuthSession).where(AuthSession.token_hash == token_hash(token))
            ).one()
            comments = COMMENT_SESSIONS[token] = secrets.token_urlsafe(32)
            db.add(
                CommentSession(
                    token_hash=token_hash(comments),
                    user_id=user.id,
                    auth_session_id=auth.id,
                    created_at=now,
                    expires_at=auth.expires_at,
                )
            )
        return tokens


def _staff_sessions(runtime: Runtime, count: int) -> list[str]:
    """Staff sessions of the demo admin whose code was entered a moment ago (step-up), so the
    requests reach the code behind the role and step-up checks."""
    now = runtime.clock.now()
    tokens = [secrets.token_urlsafe(32) for _ in range(count)]
    with runtime.sessions.begin() as db:
        user = identity_repository.user_by_email(db, DEMO_STAFF_EMAIL)
        assert user is not None
        if db.get(StaffTotp, user.id) is None:
            secret = pyotp.random_base32()
            db.add(StaffTotp(user_id=user.id, secret=secret, created_at=now, enrolled_at=now))
        db.add_all(
            StaffSession(
                token_hash=token_hash(token),
                user_id=user.id,
                created_at=now,
                expires_at=now + SESSION_LIFE,
                last_seen_at=now,
                reauthenticated_until=now + STEP_UP_LIFE,
                password_stamp=password_stamp(user),
            )
            for token in tokens
        )
    return tokens


READER_SESSIONS = _FreshSessions(_reader_sessions)
STAFF_SESSIONS = _FreshSessions(_staff_sessions)


def _headers(runtime: Runtime, case: Case, signed_in: bool, staff: bool = False) -> dict[str, str]:
    token = READER_SESSIONS.take(runtime, case.operation.label) if signed_in else ""
    headers = {
        "Origin": TEST_ORIGIN,
        "X-WP-Nonce": make_nonce(
            runtime.settings.secret_key, token, REST_ACTION, runtime.clock.now()
        ),
    }
    if token:
        headers["Cookie"] = (
            f"{SESSION_COOKIE}={token}; {COMMENTS_COOKIE}={COMMENT_SESSIONS.pop(token)}"
        )
    if staff:
        headers["Cookie"] = f"{STAFF_COOKIE}={STAFF_SESSIONS.take(runtime, case.operation.label)}"
    for prefix, key in OPERATOR_KEYS.items():
        if case.path.startswith(prefix):
            headers["Authorization"] = f"Bearer {key}"
    return headers


# PostgreSQL, production's database and the stricter one (NUL bytes, lengths), gets the
# coverage phase's boundary and wrong-type cases where a pass below has them; the SQLite pass
# sends every operation generated examples only, judged by the same checks.
COVERAGE = [Phase.explicit, Phase.generate] if postgres_pass() else [Phase.generate]
CONTRACT_SETTINGS = settings(
    max_examples=6,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
    phases=COVERAGE,  # explicit: the schema's and coverage's cases
)
# Where every request meets the same refusal (the console signed out): generated examples
# only, without the coverage phase's hundred-odd cases per operation.
REFUSAL_SETTINGS = settings(CONTRACT_SETTINGS, max_examples=3, phases=[Phase.generate])
# Where the code behind a request has had the coverage phase in another pass: generated
# examples only.
GENERATED_SETTINGS = settings(CONTRACT_SETTINGS, phases=[Phase.generate])
CONSOLE = "^/admin/api/"
SESSIONLESS = "^/(admin/api|operator/v1)/"  # a reader's session changes nothing there
# Nor here: the comments' public reads answer everyone the same and read no cookie, so the
# signed-out pass's coverage phase is all there is to check.
PUBLIC_READS = "^/comments/v1/(messages-count|thread)$"
# The comments' live updates answer a valid request with an event stream that stays open
# until the reader leaves, and a schemathesis call waits for the whole answer: it would never
# return. tests/comments/test_live_updates.py checks the stream and the 400s, 429s and 503s.
LIVE_STREAM = "^/comments/v1/live$"
# The operator APIs whose routes are the console's own, mounted again with a bearer key as
# the caller (staff/callers.py Mount): the staff pass gives those routes the coverage phase.
CONSOLE_TWINS = (
    "^/operator/v1/(decision-rules|plans|discounts|referral-tenants|member-events"
    "|newsletter-lists)(/|$)"
)
# The referral service authenticates merchants' pages by its own JWT, never by the reader's
# session: signed in, its routes get generated examples (aliases that do not exist, so the
# 404s), and the signed-out pass, on the demo tenant, their coverage phase.
REFERRAL_SERVICE = "^/(a|api/v1)/"
# A console route whose body is another's, checked by the same code: a rule's update takes the
# RuleIn that adding a rule takes (decisions/editing.py validates both). Its coverage phase, a
# thousand-odd cases, repeated the add's; generated examples reach the update.
SAME_BODY_AS_ANOTHER = r"^PUT /admin/api/decision-rules/\{rule_id\}$"


def _check(case: Case, app: FastAPI, signed_in: bool, staff: bool = False) -> None:
    operation = (case.method.upper(), case.path)
    if not signed_in and "tenant_alias" in (case.path_parameters or {}):
        # Signed out, the referral calls go to the demo tenant, so that they reach the code
        # behind the tenant look-up; signed in, a generated alias checks the 404.
        case.path_parameters["tenant_alias"] = DEMO_TENANT
    runtime: Runtime = app.state.runtime
    headers = _headers(runtime, case, signed_in, staff)
    response = case.call(app=app, headers=headers)
    excluded = []
    if _refused_by_a_rule(operation, response):
        excluded.append(positive_data_acceptance)  # every other check still judges it
    case.validate_response(response, headers=headers, excluded_checks=excluded)


def _refused_by_a_rule(operation: tuple[str, str], response: Any) -> bool:
    """A 400 naming one of the operation's rules that no JSON Schema can state."""
    rules = RULES.get(operation, {})
    if response.status_code != 400 or not rules:
        return False
    body = response.json()
    messages = rules.get(body.get("type"))
    return messages is not None and (not messages or body.get("message") in messages)


@(
    schema.exclude(path_regex=CONSOLE)
    .exclude(path_regex=CONSOLE_TWINS)
    .exclude(path_regex=LIVE_STREAM)
    .parametrize()
)
@CONTRACT_SETTINGS
def test_signed_out(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=False)


@schema.include(path_regex=CONSOLE_TWINS).parametrize()
@GENERATED_SETTINGS
def test_operator_twins(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=False)


@schema.include(path_regex=CONSOLE).parametrize()
@REFUSAL_SETTINGS
def test_console_signed_out(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=False)


@(
    schema.exclude(path_regex=SESSIONLESS)
    .exclude(path_regex=REFERRAL_SERVICE)
    .exclude(path_regex=PUBLIC_READS)
    .exclude(path_regex=LIVE_STREAM)
    .parametrize()
)
@CONTRACT_SETTINGS
def test_signed_in(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=True)


@schema.include(path_regex=REFERRAL_SERVICE).parametrize()
@GENERATED_SETTINGS
def test_referral_service_signed_in(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=True)


@schema.include(path_regex=CONSOLE).exclude(name_regex=SAME_BODY_AS_ANOTHER).parametrize()
@CONTRACT_SETTINGS
def test_signed_in_staff(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=False, staff=True)


@schema.include(name_regex=SAME_BODY_AS_ANOTHER).parametrize()
@GENERATED_SETTINGS
def test_signed_in_staff_same_body(case: Case, contract_app: FastAPI) -> None:
    _check(case, contract_app, signed_in=False, staff=True)


def test_the_signed_in_pass_carries_a_live_session(contract_app: FastAPI) -> None:
    """The signed-in pass reaches the reader-only code: its headers make a live session."""
    runtime: Runtime = contract_app.state.runtime
    token = _reader_sessions(runtime, 1)[0]
    client = TestClient(contract_app, cookies={SESSION_COOKIE: token})
    answer = client.get("/blaize/datalayer")
    assert answer.status_code == 200, answer.text
    assert answer.json()["dataLayer"]["loggedIn"] is True
