"""HTTP for home delivery: the print system's operator API, and the reader dismissing the
message that their free membership ended (rules in home_delivery.py).

The operator API is for a server, not a browser: it authenticates by the shared secret
MASTHEAD_HOME_DELIVERY_KEY as a bearer token, compared in constant time, and is absent (404)
while the setting is empty.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response

from masthead.billing.errors import BillingError
from masthead.billing.home_delivery import service as home_delivery
from masthead.billing.home_delivery.schemas import EMAIL_MAX_LENGTH, EMAIL_PATTERN, HomeDeliveryOut
from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import ReaderDep
from masthead.no_store import NO_STORE, NO_STORE_ANSWER
from masthead.operator_auth import bearer_key_check

router = APIRouter()


OPERATOR_PATH = "/operator/v1/home-delivery/{email}"
# Documented, not validated here: the call refuses any other with its own sentence (400).
EmailPath = Annotated[
    str,
    Path(
        description="The reader's email address, as the print system has it.",
        json_schema_extra={"pattern": EMAIL_PATTERN, "maxLength": EMAIL_MAX_LENGTH},
    ),
]


OperatorDep = Annotated[
    None, Depends(bearer_key_check(lambda s: s.home_delivery_key, "home-delivery"))
]


OPERATOR_ERRORS: dict[int | str, dict[str, object]] = {400: {}, 401: {}, 404: {}}
OPERATOR_ANSWER = [NO_STORE_ANSWER]  # the grant of one reader: never cached


def _address(email: str) -> str:
    try:
        return home_delivery.address(email)
    except BillingError as exc:
        raise ApiError(exc.status, exc.type, exc.message) from None


@router.get(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    dependencies=OPERATOR_ANSWER,
    tags=["operator"],
    summary="Whether an address has print home delivery (operator API)",
)
def show(email: EmailPath, _: OperatorDep, db: DbDep) -> HomeDeliveryOut:
    return home_delivery.view(db, _address(email))


@router.put(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    dependencies=OPERATOR_ANSWER,
    tags=["operator"],
    summary="Home delivery started: the sports membership is free (operator API)",
    description="Idempotent. The account with this address, now or once registered, is a "
    "member once the address is verified (an unverified account is mailed a verification "
    "link): the data layer's `products` holds `hd-sports-membership` and the membership "
    "call answers `homeDelivery: true`. A paid membership it has is cancelled at the gateway "
    "by the worker (no further charge); subscribe answers 409 `home-delivery` meanwhile. "
    "Bearer MASTHEAD_HOME_DELIVERY_KEY; 404 while the setting is empty.",
)
def start(email: EmailPath, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> HomeDeliveryOut:
    return home_delivery.grant(db, rt, _address(email))


@router.delete(
    OPERATOR_PATH,
    response_model=HomeDeliveryOut,
    responses=OPERATOR_ERRORS,
    dependencies=OPERATOR_ANSWER,
    tags=["operator"],
    summary="Home delivery cancelled: the free sports membership ends (operator API)",
    description="Idempotent. The reader is mailed, and their membership page says why the "
    "membership ended (`homeDeliveryMessage`) until they dismiss it or subscribe. An address "
    "without home delivery answers `active: false` and changes nothing.",
)
def end(email: EmailPath, _: OperatorDep, db: DbDep, rt: RuntimeDep) -> HomeDeliveryOut:
    return home_delivery.revoke(db, rt, _address(email))


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
