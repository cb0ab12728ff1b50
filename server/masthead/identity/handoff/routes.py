"""Minting and redeeming hand-off codes (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/blaize/handoff", tags=["identity"])
