"""The reader's own data: account, profile and data layer, asked for on every page view.

Each answers from the one session query (see auth.py) and returns a JSONResponse, so the
request never leaves the event loop. The app mounts this router first: the hottest paths
are matched before every other route.
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from masthead.identity import schemas, service
from masthead.identity.auth import ReaderDep, required_reader
from masthead.identity.profile_fields import read_profile

router = APIRouter(prefix="/blaize", tags=["identity"])


@router.get("/account", response_model=schemas.AccountResponse, responses={401: {}})
async def account(reader: ReaderDep) -> Response:
    return JSONResponse(
        {"identifiers": {"email_address": reader.email}, "tracking_id": reader.tracking_id}
    )


@router.get("/profile", response_model=schemas.Profile, responses={401: {}})
async def get_profile(reader: ReaderDep) -> Response:
    return JSONResponse(read_profile(reader.attributes))


@router.get("/datalayer", response_model=schemas.DataLayerResponse, responses={401: {}})
async def datalayer(request: Request) -> Response:
    reader = await required_reader(request)  # called, not injected: the hottest path
    return JSONResponse({"dataLayer": service.data_layer(reader)})
