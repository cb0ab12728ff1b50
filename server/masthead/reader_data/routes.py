"""HTTP routes of reader_data (filled in by its slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter()
