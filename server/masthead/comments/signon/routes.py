"""Routes of this part of the comments service: HTTP only (being built)."""

from fastapi import APIRouter

router = APIRouter()
