"""HTTP for the plan catalogue and discount offers: parse, call the service, map its errors."""

from __future__ import annotations

from fastapi import APIRouter, Response

from masthead.billing.catalog import discounts
from masthead.billing.catalog import schemas as catalog_schemas
from masthead.billing.catalog import service as catalog_service
from masthead.billing.memberships import schemas as memberships_schemas
from masthead.billing.route_support import SITE_NONCE, SITE_PREFIX, GatewayDep, call
from masthead.deps import DbDep, RuntimeDep
from masthead.identity.api import ReaderDep
from masthead.no_store import NO_STORE_ANSWER
from masthead.region import RegionDep, vary_headers

site_router = APIRouter(prefix=SITE_PREFIX, tags=["site"])


@site_router.get(
    "/plans",
    response_model=dict[str, catalog_schemas.PlanOut],
    summary="The plan catalogue, keyed by plan id (public)",
    description="Enabled plans of the `billing_plans` table in card order, with the server's "
    "call-to-action text, badge, monthly price and discount. The site API's nonce is not "
    "checked: the catalogue is public and a GET changes nothing. Outside the supported "
    "region (MASTHEAD_SUPPORTED_COUNTRIES) the plans are hidden: `{}`. From a plan's step-up "
    "date on, its `amount` (and the texts computed from it) is the step-up amount: what a new "
    "subscriber is charged from the first charge.",
)
def plans(
    db: DbDep, rt: RuntimeDep, region: RegionDep, response: Response
) -> dict[str, catalog_schemas.PlanOut]:
    response.headers.update(vary_headers(rt.settings))
    return catalog_service.offered_plans(db, rt.clock.now().date()) if region else {}


@site_router.get(
    "/subscriptions/{subscription_id}/discounts",
    dependencies=[SITE_NONCE, NO_STORE_ANSWER],
    response_model=list[catalog_schemas.DiscountOfferOut],
    responses={400: {}, 401: {}, 403: {}, 404: {}},
    summary="The discount offers the reader may take on a subscription",
    description="`purpose` (default `cancel-flow`, the retention offer; `any` for all): "
    "enabled offers for the subscription's plan that it does not have yet. Only an Active "
    "subscription has offers.",
)
def discount_offers(
    subscription_id: str,
    reader: ReaderDep,
    db: DbDep,
    purpose: catalog_schemas.Purpose = "cancel-flow",
) -> list[catalog_schemas.DiscountOfferOut]:
    return call(lambda: discounts.discount_offers(db, reader, subscription_id, purpose))


@site_router.post(
    "/subscriptions/{subscription_id}/discounts",
    dependencies=[SITE_NONCE, NO_STORE_ANSWER],
    response_model=memberships_schemas.SubscriptionChangeOut,
    responses={400: {}, 401: {}, 403: {}, 404: {}, 409: {}, 503: {}},
    summary="Take a discount offer: it lowers the subscription's next billing cycles",
    description="409 `discount-taken` when the subscription has it already, "
    "`discount-unavailable` when it is not offered to this subscription.",
)
def take_discount(
    subscription_id: str,
    body: catalog_schemas.DiscountIn,
    reader: ReaderDep,
    db: DbDep,
    rt: RuntimeDep,
    gw: GatewayDep,
) -> memberships_schemas.SubscriptionChangeOut:
    return call(lambda: discounts.take(db, rt, gw, reader, subscription_id, body.discount_id))
