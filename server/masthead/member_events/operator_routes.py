"""The operator API's member events (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/operator/v1/member-events", tags=["operator"])
