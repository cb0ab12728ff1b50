"""HTTP for home delivery: the print system's operator API, and the reader dismissing the
message that their free membership ended (rules in home_delivery.py).

The operator API is for a server, not a browser: it authenticates by the shared secret
MASTHEAD_HOME_DELIVERY_KEY as a bearer token, compared in constant time, and is absent (404)
while the setting is empty.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from masthead.billing import home_delivery
from masthead.billing.errors import BillingError
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.auth import ReaderDep
from masthead.operator_auth import bearer_key_check

router = APIRouter()
OPERATOR_PATH = "/operator/v1/home-delivery/{email}"
NO_STORE = {"Cache-Control": "no-store"}


class HomeDeliveryOut(BaseModel):
    email: str = Field(description="the address, normalised as accounts keep it")
    active: bool = Field(description="home delivery is active: the sports membership is free")
    startedAt: str | None = Field(description="the latest grant (ISO 8601)")
    endedAt: str | None = Field(description="the latest revocation (ISO 8601)")
    account: bool = Field(description="a reader account has this address now")
    accountVerified: bool = Field(
        description="that account has verified the address: only then does the grant apply "
        "(an unverified account gets it once it verifies; it is mailed a link)"
    )


OperatorDep = Annotated[
    None, Depends(bearer_key_check(lambda s: s.home_delivery_key, "home-delivery"))
]
OPERATOR_ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}}


def _address(email: str) -> str:
    try:
        return home_delivery.address(email)
    except BillingError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.get(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    tags=["operator"],
    summary="Whether an address has print home delivery (operator API)",
)
def show(email: str, _: OperatorDep, db: DbDep) -> Response:
    return JSONResponse(home_delivery.wire(db, _address(email)), headers=NO_STORE)


@router.put(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    tags=["operator"],
    summary="Home delivery started: the sports membership is free (operator API)",
    description="Idempotent. The account with this address, now or once registered, is a "
    "member once the address is verified (an unverified account is mailed a verification "
    "link): the data layer's `products` holds `hd-sports-membership` and the membership "
    "call answers `homeDelivery: true`. A paid membership it has is cancelled at the gateway "
    "by the worker (no further charge); subscribe answers 409 `home-delivery` meanwhile. "
    "Bearer MASTHEAD_HOME_DELIVERY_KEY; 404 while the setting is empty.",
)
def start(email: str, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> Response:
    return JSONResponse(home_delivery.grant(db, rt, _address(email)), headers=NO_STORE)


@router.delete(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    tags=["operator"],
    summary="Home delivery cancelled: the free sports membership ends (operator API)",
    description="Idempotent. The reader is mailed, and their membership page says why the "
    "membership ended (`homeDeliveryMessage`) until they dismiss it or subscribe. An address "
    "without home delivery answers `active: false` and changes nothing.",
)
def end(email: str, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> Response:
    return JSONResponse(home_delivery.revoke(db, rt, _address(email)), headers=NO_STORE)


@router.delete(
    "/wp-json/nyp-membership/v1/home-delivery-notice",
    status_code=204,
    responses={401: {}},
    tags=["site"],
    summary="The reader dismisses the message that their free membership ended",
)
def dismiss(reader: ReaderDep, db: DbDep, rt: RuntimeDep) -> Response:
    home_delivery.dismiss_notice(db, rt, reader.email)
    return Response(status_code=204, headers=NO_STORE)
