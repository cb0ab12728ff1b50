"""HTTP routes of newsletters (filled in by its slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
