"""The referral service's router: `/api/v1/{tenant}/*` and `/a/{tenant}/*`, SaaSquatch-compatible.

The routes are split by group; every one uses transport.ReferralRoute (CORS, origin check,
referral error shape). The preflight catch-all comes last.
"""

from __future__ import annotations

from fastapi import APIRouter

from masthead.referrals import routes_api, routes_public, routes_widget, transport

router = APIRouter()
router.include_router(routes_widget.router)
router.include_router(routes_api.router)
router.include_router(routes_public.router)
router.include_router(transport.preflight)
