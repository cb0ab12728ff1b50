"""The feedback call (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/wp-json/nyp-membership/v1", tags=["site"])
