"""The console's member events (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/admin/api/member-events", tags=["console"])
