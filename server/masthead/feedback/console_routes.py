"""The staff console's feedback list (/admin/api/feedback, support) (filled in by the slice)."""

from __future__ import annotations

from fastapi import APIRouter

router = APIRouter(prefix="/admin/api/feedback", tags=["staff"])
