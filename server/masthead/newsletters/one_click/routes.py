"""The one-click unsubscribe POST and the signed preferences link (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/newsletters", tags=["newsletters"])
