"""The operator API's newsletter lists (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/operator/v1/newsletter-lists", tags=["operator"])
