"""The site API's prepare-customer and postal-code calls, for the payflow's checkout.

prepare-customer makes the reader's gateway customer (once; later calls answer the same one)
and a client token for the card form, so the card form opens on a customer that exists.
postal-code keeps the reader's billing state and ZIP code on their profile (billing-state,
billing-postal-code, kept by billing) and says whether memberships are sold there.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from masthead.billing.errors import BillingError, from_gateway
from masthead.billing.gateway import GatewayError, PaymentGateway
from masthead.billing.memberships import sync
from masthead.billing.payment_methods.checkout_schemas import PostalCodeOut, PrepareCustomerOut
from masthead.billing.payment_methods.postal_codes import PostalAddress
from masthead.billing.payment_methods.service import ensure_customer
from masthead.deps import Runtime
from masthead.identity.api import Reader
from masthead.region import REGION_MESSAGE, country_supported

POSTAL_COUNTRY = "US"  # the postal-code call takes US states and ZIP codes


def refuse_outside_region(rt: Runtime, in_supported_region: bool) -> None:
    if not rt.settings.membership_enabled:
        raise BillingError("membership-disabled", "Memberships are not available right now.")
    if not in_supported_region:
        raise BillingError("unsupported-region", REGION_MESSAGE)


def prepare_customer(
    db: Session, rt: Runtime, gw: PaymentGateway, reader: Reader, in_supported_region: bool
) -> PrepareCustomerOut:
    refuse_outside_region(rt, in_supported_region)
    customer_id = ensure_customer(db, rt, gw, reader)
    try:
        token = gw.client_token(customer_id)
    except GatewayError as exc:
        raise from_gateway(exc) from exc
    return PrepareCustomerOut(customer_id=customer_id, client_token=token)


def address_supported(rt: Runtime, address: PostalAddress) -> bool:
    states = rt.settings.supported_state_codes
    return country_supported(POSTAL_COUNTRY, rt.settings) and (
        not states or address.state in states
    )


def record_postal_code(
    db: Session, rt: Runtime, reader: Reader, address: PostalAddress
) -> PostalCodeOut:
    sync.set_profile(
        db,
        rt,
        reader.user_id,
        {"billing-state": address.state, "billing-postal-code": address.postal_code},
    )
    supported = address_supported(rt, address)
    return PostalCodeOut(
        state=address.state,
        postal_code=address.postal_code,
        in_supported_region=supported,
        message=None if supported else REGION_MESSAGE,
    )
