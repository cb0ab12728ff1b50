"""The verification double's HTTP: its browser script and its siteverify (app.py mounts it
only when MASTHEAD_HUMAN_VERIFICATION_DOUBLE is on, never in production)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Form
from fastapi.responses import Response

from masthead.verification_double.tokens import Siteverify

router = APIRouter(prefix="/verification-double", include_in_schema=False)
SCRIPT = (Path(__file__).parent / "api.js").read_text()
_siteverify = Siteverify()  # the spent tokens of this process: a stand-in's memory


@router.get("/api.js")
def script() -> Response:
    return Response(
        SCRIPT,
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-store"},
    )


@router.post("/siteverify")
def siteverify(
    secret: Annotated[str, Form()] = "",
    response: Annotated[str, Form()] = "",
    remoteip: Annotated[str, Form()] = "",
) -> dict[str, Any]:
    del remoteip  # accepted as the providers accept it; the double has no use for it
    return _siteverify.answer(secret, response)
