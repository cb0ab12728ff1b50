"""The console's newsletter lists (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/admin/api/newsletter-lists", tags=["console"])
