"""Billing's routers, as app.py mounts them (each subpackage's routes.py holds its calls).

`router`: the payment calls (/blaize/payment/braintree/*, /zephr/payment/braintree/*);
`site_router`: the site API's plans, membership, retry, discount and pause-mail calls;
`checkout_router`: the site API's prepare-customer and postal-code calls;
`operator_router`: the print system's home-delivery API and the reader dismissing its notice.
"""

from __future__ import annotations

from fastapi import APIRouter

from masthead.billing.catalog import routes as catalog
from masthead.billing.home_delivery import routes as home_delivery
from masthead.billing.memberships import routes as memberships
from masthead.billing.payment_methods import checkout_routes
from masthead.billing.payment_methods import routes as payment_methods

site_router = APIRouter()
site_router.include_router(catalog.site_router)
site_router.include_router(memberships.site_router)

router = APIRouter()
router.include_router(payment_methods.router)
router.include_router(memberships.router)

checkout_router = checkout_routes.router
operator_router = home_delivery.router
