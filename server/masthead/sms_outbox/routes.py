"""The dev text outbox (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/dev/texts", tags=["development"])
