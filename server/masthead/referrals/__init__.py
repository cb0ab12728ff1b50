"""Referrals: Masthead's SaaSquatch-compatible service, `/api/v1/{tenant}/*` and `/a/{tenant}/*`."""
