"""The staff console's word lists (/admin/api/word-lists): HTTP only (being built)."""

from fastapi import APIRouter

router = APIRouter()
