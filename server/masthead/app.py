"""create_app(settings): mounts each domain's router, middleware and the built front end."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from masthead import health, metrics_routes
from masthead.articles import operator_routes as story_operator_routes
from masthead.articles import routes as story_routes
from masthead.billing import routes as billing_routes
from masthead.billing.catalog import console_routes as catalog_console_routes
from masthead.billing.catalog import operator_routes as catalog_operator_routes
from masthead.body_limit import BodyLimitMiddleware
from masthead.braintree_sandbox import wire as payment_sandbox
from masthead.clock import Clock
from masthead.comments import author_routes as comment_authors
from masthead.comments import count_routes as comment_counts
from masthead.comments import thread_routes as comment_thread
from masthead.comments.console import routes as comment_console_routes
from masthead.comments.live import routes as comment_live_routes
from masthead.comments.notifications import routes as comment_notification_routes
from masthead.comments.signon import routes as comment_signon_routes
from masthead.comments.writing import routes as comment_writing_routes
from masthead.dashboard import routes as dashboard_routes
from masthead.decisions import console_routes as decision_console_routes
from masthead.decisions import operator_routes as decision_operator_routes
from masthead.decisions import routes as decision_routes
from masthead.errors import install_error_handlers
from masthead.feedback import console_routes as feedback_console_routes
from masthead.feedback import routes as feedback_routes
from masthead.human_verification import routes as human_verification_routes
from masthead.identity import avatar_routes, read_routes
from masthead.identity import routes as identity_routes
from masthead.identity.handoff import routes as handoff_routes
from masthead.identity.social import routes as social_sign_in_routes
from masthead.jobs.runner import start_inprocess_worker
from masthead.lean_routes import mount_first
from masthead.logs import RequestIdMiddleware
from masthead.logs import configure as configure_logs
from masthead.mail import routes as mail_routes
from masthead.member_events import console_routes as member_event_console_routes
from masthead.member_events import operator_routes as member_event_operator_routes
from masthead.member_events import routes as member_event_routes
from masthead.metrics import MetricsMiddleware
from masthead.moderation import routes as moderation_routes
from masthead.newsletters import routes as newsletter_routes
from masthead.newsletters.editing import console_routes as newsletter_console_routes
from masthead.newsletters.editing import operator_routes as newsletter_operator_routes
from masthead.newsletters.one_click import routes as newsletter_one_click_routes
from masthead.openapi_errors import install_error_schema
from masthead.origin import OriginCheckMiddleware
from masthead.private_answers import PrivateAnswersMiddleware
from masthead.production import refuse_unsafe_production
from masthead.reader_data import routes as reader_data_routes
from masthead.referrals import demo as referral_demo
from masthead.referrals import public_routes as referral_public
from masthead.referrals import routes as referral_routes
from masthead.referrals.programmes import console_routes as referral_console_routes
from masthead.referrals.programmes import operator_routes as referral_operator_routes
from masthead.settings import Settings
from masthead.site import content_routes as site_content
from masthead.site import favicon_routes, nonce_routes, not_found, story_preview_routes
from masthead.site import page_routes as site_pages
from masthead.site import routes as site_routes
from masthead.site.static_pages import console_routes as static_page_console_routes
from masthead.site.static_pages import operator_routes as static_page_operator_routes
from masthead.site.static_pages import routes as static_pages
from masthead.sms_outbox import routes as sms_outbox
from masthead.staff import routes as staff_routes
from masthead.support import routes as support_routes
from masthead.texts import routes as text_routes
from masthead.verification_double import routes as verification_double
from masthead.web import admin_routes, docs_routes
from masthead.web import routes as web_routes
from masthead.webhooks import routes as webhook_routes
from masthead.wiring import build_process_runtime

API_DESCRIPTION = """
Masthead's wire contract: the identity service (`/blaize/*`) and the account area that
uses it; `/api/v1/{tenant}/*` and `/a/{tenant}/*`, the SaaSquatch-compatible referral
service; `/wp-json/nyp-membership/v1/*`, the site API (plans, membership, story content,
entitlement, referral JWT); `/zephr/decision-engine`, the access decisions (available-plans,
membership-entitlement-check, cancel-flow-offer, text-campaigns), whose rules operators edit
at `/operator/v1/decision-rules`. Errors
share one shape, `{"type": <spec error type>, "message": <sentence>}`; the referral
service's errors add SaaSquatch's `apiErrorCode`, `rsCode` and `statusCode`.

Choices where the spec says "not shown": `GET /blaize/datalayer` answers
`{"dataLayer": {...}}`; login and register also answer `message`; the email-change link is
`POST /blaize/users/update-email/{token}`; a missing session on a reader-only endpoint is
401 `unauthorized`.
"""


def create_app(settings: Settings | None = None, clock: Clock | None = None) -> FastAPI:
    settings = settings or Settings()
    if settings.log_format == "json":  # a deployment's process: its logs as JSON lines
        configure_logs("json")
    runtime = build_process_runtime(settings, clock)
    try:
        refuse_unsafe_production(settings, runtime.engine)
    except Exception:
        runtime.engine.dispose()
        raise

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        worker = start_inprocess_worker(runtime) if settings.worker == "inprocess" else None
        awaited = runtime.reader.awaited  # PostgreSQL's pool for the hot awaited reads
        if awaited is not None:
            await awaited.open()
        try:
            yield
        finally:
            if worker is not None:
                worker.stop()
            if awaited is not None:
                await awaited.close()
            runtime.reader.close()
            runtime.engine.dispose()

    app = FastAPI(
        title="Masthead",
        version="0.1.0",
        description=API_DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # web/docs_routes.py: Swagger UI from our own files
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.runtime = runtime
    install_error_handlers(app)
    not_found.install(app)  # unknown pages outside the APIs: the brand's HTML 404
    app.add_middleware(BodyLimitMiddleware)  # no body over 2 MB is read (body_limit.py)
    app.add_middleware(OriginCheckMiddleware, settings=settings)
    # Around everything: every per-reader answer says private, no-store.
    app.add_middleware(PrivateAnswersMiddleware)
    app.add_middleware(MetricsMiddleware, settings=settings)  # /metrics: rates, latencies
    # The request's id, for every log line it causes and the jobs it queues (logs.py).
    app.add_middleware(RequestIdMiddleware, log_requests=settings.log_format == "json")
    if settings.trusted_proxies:  # outermost: everything inside sees the real client address
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)

    # First of all: the paywall's content call and the decision engine, asked on every
    # article view, and the widget analytics, on every widget load (LeanRoutes: described by
    # FastAPI, called by Starlette), and the story page itself.
    mount_first(
        app,
        site_content.router,
        decision_routes.router,
        referral_public.analytics_router,
        site_pages.story_router,
        comment_counts.router,  # every home, section and story page asks for its counts
        comment_thread.router,  # a story page, as the reader nears its comments
    )
    app.include_router(read_routes.router)  # then the session check, on every page view
    app.include_router(health.router)
    app.include_router(metrics_routes.router)  # GET /metrics for Prometheus (bearer key)
    app.include_router(identity_routes.router)
    app.include_router(avatar_routes.router)
    app.include_router(social_sign_in_routes.router)  # /blaize/oauth/*, /blaize/profile/{provider}
    app.include_router(human_verification_routes.router)  # the site API's recaptcha calls
    app.include_router(reader_data_routes.router)  # download my data, delete my account
    app.include_router(handoff_routes.router)  # /blaize/handoff: app to web, brand to brand
    # The stand-ins are never mounted in production (which refuses them anyway, above).
    if settings.mail_backend == "devmailbox" and not settings.production:
        app.include_router(mail_routes.router)  # only then is there mail to show
    if settings.sms_backend == "devoutbox" and not settings.production:
        app.include_router(sms_outbox.router)  # /dev/texts: the texts Masthead sent
    app.include_router(referral_routes.router)
    if settings.payments == "sandbox" and not settings.production:  # the embedded Braintree
        app.include_router(payment_sandbox.router)
    if settings.human_verification_double and not settings.production:  # the local provider
        app.include_router(verification_double.router)
    if not settings.production:  # GET /demo/merchant: the demo tenant's page
        app.include_router(referral_demo.router)
    app.include_router(site_routes.router)
    app.include_router(webhook_routes.router)  # the site API's webhook
    app.include_router(moderation_routes.router)  # the site API's profanity check
    app.include_router(newsletter_routes.router)  # the site API's newsletters call
    app.include_router(newsletter_one_click_routes.router)  # mail's one-click unsubscribe
    app.include_router(member_event_routes.router)  # the events shown to members
    app.include_router(text_routes.router)  # text alerts, text me the app
    app.include_router(feedback_routes.router)  # a reader writing to the publisher
    app.include_router(comment_signon_routes.router)  # the comments' single sign-on, logout
    app.include_router(comment_writing_routes.router)  # readers writing in the comments
    app.include_router(comment_authors.router)  # the author card opened from a byline
    app.include_router(comment_live_routes.router)  # new comments pushed to open pages
    app.include_router(comment_notification_routes.router)  # a commenter's notifications
    app.include_router(nonce_routes.router)  # GET .../nonce for the account area
    app.include_router(billing_routes.site_router)  # plans, membership
    app.include_router(billing_routes.router)  # /blaize|zephr/payment/braintree/*
    app.include_router(billing_routes.checkout_router)  # prepare-customer, postal-code
    app.include_router(billing_routes.operator_router)  # home delivery (print system)
    app.include_router(decision_operator_routes.router)  # the decision rules
    app.include_router(catalog_operator_routes.router)  # plans and discounts
    app.include_router(static_page_operator_routes.router)  # the static pages' text
    app.include_router(story_operator_routes.router)  # /operator/v1/stories: a CMS's stories
    app.include_router(newsletter_operator_routes.router)  # /operator/v1/newsletter-lists
    app.include_router(member_event_operator_routes.router)  # /operator/v1/member-events
    app.include_router(static_pages.router)  # /membership-terms, /terms/, /privacy/
    app.include_router(favicon_routes.router)  # /favicon/<brand>.svg, /favicon.ico
    app.include_router(docs_routes.router)  # /api/docs
    app.include_router(site_pages.router)  # the publisher pages: /, /section/*, /<date>/<slug>/
    app.include_router(staff_routes.router)  # /admin/api/*: the staff console's API
    app.include_router(story_routes.router)  # /admin/api/stories
    app.include_router(story_preview_routes.router)  # /admin/api/stories/{id}/preview
    app.include_router(catalog_console_routes.router)  # /admin/api/plans, /discounts
    app.include_router(decision_console_routes.router)  # /admin/api/decision-rules
    app.include_router(static_page_console_routes.router)  # /admin/api/static-pages
    app.include_router(referral_console_routes.router)  # /admin/api/referral-tenants
    app.include_router(support_routes.router)  # /admin/api/readers
    app.include_router(feedback_console_routes.router)  # /admin/api/feedback
    app.include_router(dashboard_routes.router)  # /admin/api/dashboard/*: the charts
    app.include_router(comment_console_routes.router)  # /admin/api/comments: moderation
    app.include_router(newsletter_console_routes.router)  # /admin/api/newsletter-lists
    app.include_router(member_event_console_routes.router)  # /admin/api/member-events
    app.include_router(referral_operator_routes.router)  # /operator/v1/referral-tenants
    app.include_router(admin_routes.router)  # then /admin/*: the console's app shell
    app.include_router(web_routes.router)  # last: its /account/{path} catch-all serves the SPA
    install_error_schema(app)
    return app
