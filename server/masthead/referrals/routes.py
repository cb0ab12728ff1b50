"""The referral service's router: `/api/v1/{tenant}/*` and `/a/{tenant}/*`, SaaSquatch-compatible.

The routes are split by group; every one uses transport.ReferralRoute (CORS, origin check,
referral error shape). The preflight catch-all comes last. The widget analytics
(public_routes.analytics_router) are LeanReferralRoutes, which app.py mounts first.
"""

from __future__ import annotations

from fastapi import APIRouter

from masthead.referrals import public_routes, tenant_routes, transport, widget_routes

router = APIRouter()
router.include_router(widget_routes.router)
router.include_router(tenant_routes.router)
router.include_router(public_routes.router)
router.include_router(transport.preflight)
