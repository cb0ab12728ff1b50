"""The staff console's Readers (/admin/api/readers, the support role): HTTP only.

Every answer is about one reader, so none is cached; every action is audited (actions.py).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query

from masthead.billing.api import PaymentGateway, gateway_of
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import READER_PAGE_LIMIT, AddressDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.staff.api import SupportDep
from masthead.support import actions, reader_page, schemas

router = APIRouter(prefix="/admin/api/readers", tags=["staff"])

ReaderId = Annotated[int, Path(ge=1, le=2**31 - 1, description="The reader's account id.")]
TransactionId = Annotated[str, Path(min_length=1, max_length=64)]


async def _gateway(rt: RuntimeDep) -> PaymentGateway:
    return gateway_of(rt)


GatewayDep = Annotated[PaymentGateway, Depends(_gateway)]

READ_ERRORS: dict[int | str, dict[str, object]] = {401: {}, 403: {}, 404: {}}
ACTION_ERRORS: dict[int | str, dict[str, object]] = {401: {}, 403: {}, 404: {}, 409: {}}
GATEWAY_ERRORS: dict[int | str, dict[str, object]] = {**ACTION_ERRORS, 400: {}, 503: {}}


@router.get(
    "",
    response_model=schemas.ReaderSearchOut,
    responses={401: {}, 403: {}},
    dependencies=[NO_STORE_ANSWER],
    summary="Find readers by email, name or tracking id (support)",
    description="`q` is an email address or its beginning (any case), a name's words or "
    "their beginnings (each word of `q` must begin a word of the first, last, full or "
    "display name, or the email address; accents and case do not matter), or a tracking id "
    "(exactly). At most `limit` (1-50) a page; the next page is asked with the answer's "
    "`next` as `after` and `after_id`.",
)
def search(
    _: SupportDep,
    db: DbDep,
    q: Annotated[str, Query(min_length=1, max_length=320)],
    after: Annotated[str | None, Query(max_length=320)] = None,
    after_id: Annotated[int, Query(ge=0, le=2**31 - 1)] = 0,
    limit: Annotated[int, Query(ge=1, le=READER_PAGE_LIMIT)] = 20,
) -> schemas.ReaderSearchOut:
    return reader_page.find(db, q, None if after is None else (after, after_id), limit)


@router.get(
    "/{reader_id}",
    response_model=schemas.ReaderOut,
    responses=READ_ERRORS,
    dependencies=[NO_STORE_ANSWER],
    summary="A reader's profile, sessions, status, subscriptions, payments, payment "
    "methods, home delivery and referrals (support)",
)
def show(
    reader_id: ReaderId, _: SupportDep, db: DbDep, rt: RuntimeDep, gw: GatewayDep
) -> schemas.ReaderOut:
    return reader_page.page(db, rt, gw, reader_id)


@router.post(
    "/{reader_id}/verification",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Mail the reader a new link to verify their address (support; audited)",
    description="409 `already-verified`.",
)
def resend_verification(
    reader_id: ReaderId, staff: SupportDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return actions.resend_verification_mail(db, rt, staff, reader_id, address)


@router.post(
    "/{reader_id}/password-reset",
    response_model=schemas.ActionOut,
    responses=READ_ERRORS,
    summary="Mail the reader the forgot-password link (support; audited)",
)
def password_reset(
    reader_id: ReaderId, staff: SupportDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return actions.send_password_reset(db, rt, staff, reader_id, address)


@router.delete(
    "/{reader_id}/sessions",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Sign the reader out everywhere (support; audited)",
    description="409 `no-sessions` when they are signed in nowhere.",
)
def revoke_sessions(
    reader_id: ReaderId, staff: SupportDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return actions.revoke_sessions(db, rt, staff, reader_id, address)


@router.put(
    "/{reader_id}/home-delivery",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Grant print home delivery: the sports membership is free (support; audited)",
    description="As the print system's operator API: a paid membership is cancelled at the "
    "gateway by the worker; an unverified address is mailed a link first. 409 "
    "`home-delivery-active`, or `home-delivery-address` for an address the print system "
    "cannot hold.",
)
def grant_home_delivery(
    reader_id: ReaderId, staff: SupportDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return actions.set_home_delivery(db, rt, staff, reader_id, True, address)


@router.delete(
    "/{reader_id}/home-delivery",
    response_model=schemas.ActionOut,
    responses=ACTION_ERRORS,
    summary="Revoke print home delivery: the free membership ends (support; audited)",
    description="The reader is mailed. 409 `no-home-delivery`.",
)
def revoke_home_delivery(
    reader_id: ReaderId, staff: SupportDep, db: DbDep, rt: RuntimeDep, address: AddressDep
) -> schemas.ActionOut:
    return actions.set_home_delivery(db, rt, staff, reader_id, False, address)


@router.post(
    "/{reader_id}/membership/cancel",
    response_model=schemas.ActionOut,
    responses=GATEWAY_ERRORS,
    summary="Cancel the reader's running membership (support; audited)",
    description="As the reader's own cancel: access lasts until the paid-through date and "
    "the reader is mailed. 409 `no-membership`; 503 when the gateway does not answer.",
)
def cancel_membership(
    reader_id: ReaderId,
    body: schemas.CancelIn,
    staff: SupportDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    address: AddressDep,
) -> schemas.ActionOut:
    return actions.cancel(db, rt, gw, staff, reader_id, body.note, address)


@router.post(
    "/{reader_id}/membership/pause",
    response_model=schemas.ActionOut,
    responses={**GATEWAY_ERRORS, 402: {}},
    summary="Pause the reader's running membership for 1-3 months (support; audited)",
    description="As the reader's own pause, and the same confirmation mail. 403 "
    "`pause-disabled` while the pause feature is off; 409 `no-membership`, `in-trial`, "
    "`already-paused`, `change-in-progress`.",
)
def pause_membership(
    reader_id: ReaderId,
    body: schemas.PauseIn,
    staff: SupportDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    address: AddressDep,
) -> schemas.ActionOut:
    return actions.pause(db, rt, gw, staff, reader_id, body.months, address)


@router.post(
    "/{reader_id}/payments/{transaction_id}/refund",
    response_model=schemas.RefundOut,
    responses=GATEWAY_ERRORS,
    summary="Give a charge back in full through the gateway (support; step-up; audited)",
    description="403 `reauthentication-required` unless a code was entered in the last 5 "
    "minutes. A settled charge is refunded, one not settled yet voided. 404 "
    "`charge-not-found`; 409 `already-refunded` (a second refund never reaches the "
    "gateway) or `not-refundable` (declined, or for nothing); 503 when the gateway does not "
    "answer (try again: it is never refunded twice).",
)
def refund(
    reader_id: ReaderId,
    transaction_id: TransactionId,
    staff: SupportDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
    address: AddressDep,
) -> schemas.RefundOut:
    return actions.refund(db, rt, gw, staff, reader_id, transaction_id, address)
