"""The reader's own data: account, profile and data layer, asked for on every page view.

Each answers from the one session query (see auth.py) with a typed model, serialised by
FastAPI straight to JSON bytes (pydantic's core), so the request never leaves the event loop.
The app mounts this router first: the hottest paths are matched before every other route.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel

from masthead.identity import schemas, service
from masthead.identity.auth import ReaderDep, required_reader

router = APIRouter(prefix="/blaize", tags=["identity"])


@router.get("/account", response_model=schemas.AccountResponse, responses={401: {}})
async def account(reader: ReaderDep) -> schemas.AccountResponse:
    return service.account_view(reader)


@router.get("/profile", response_model=schemas.Profile, responses={401: {}})
async def get_profile(reader: ReaderDep) -> BaseModel:
    return service.profile_view(reader.attributes)


@router.get("/datalayer", response_model=schemas.DataLayerResponse, responses={401: {}})
async def datalayer(request: Request) -> schemas.DataLayerResponse:
    reader = await required_reader(request)  # called, not injected: the hottest path
    return schemas.DataLayerResponse(dataLayer=service.data_layer(reader))
