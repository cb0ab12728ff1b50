"""Billing's public face: what other parts of Masthead (decisions, site, web, the stand-in
sandbox and the wiring) may import of billing. Everything else is billing's own
(import-linter checks this: server/.importlinter)."""

from masthead.billing.catalog import discounts
from masthead.billing.catalog.cta import FEATURED_BADGE
from masthead.billing.catalog.discounts import seed_discounts
from masthead.billing.catalog.models import BillingDiscount, BillingPlan
from masthead.billing.catalog.service import plan_ids, plans, plans_of, seed_catalogue
from masthead.billing.errors import BillingError
from masthead.billing.gateway import (
    ACTIVE,
    ALREADY_REFUNDED,
    CANCELED,
    CANNOT_VOID,
    CVV_REJECTION_REASON,
    EXPIRED,
    GATEWAY_REJECTED,
    INVALID_SIGNATURE,
    NOT_FOUND,
    NOT_SETTLED,
    PAST_DUE,
    PENDING,
    WEBHOOK_TOPIC,
    CustomerInfo,
    Discount,
    GatewayError,
    PaymentGateway,
    PaymentMethodInfo,
    PaymentMethodType,
    PlanSpec,
    SubscriptionInfo,
    SubscriptionStatus,
    TransactionInfo,
    TrialUnit,
    Verification,
    WebhookInfo,
    card_entry,
    gateway_of,
    ordered_methods,
    split_name,
)
from masthead.billing.gateway.braintree_gateway import BraintreeGateway
from masthead.billing.gateway.dates import billing_day_for, next_cycle, trial_end
from masthead.billing.gateway.money import CENT, MAX_AMOUNT, Money
from masthead.billing.home_delivery.schemas import HomeDeliveryOut
from masthead.billing.home_delivery.service import (
    PAID_CHECK_INTERVAL_SECONDS as HOME_DELIVERY_CHECK_SECONDS,
)
from masthead.billing.home_delivery.service import (
    STARTED_TOPIC,
    end_paid_memberships,
    handle_started,
)
from masthead.billing.home_delivery.service import address as home_delivery_address
from masthead.billing.home_delivery.service import grant as grant_home_delivery
from masthead.billing.home_delivery.service import revoke as revoke_home_delivery
from masthead.billing.home_delivery.service import view as home_delivery_view
from masthead.billing.memberships.changes import PAUSE_LENGTHS
from masthead.billing.memberships.changes import pause as pause_membership
from masthead.billing.memberships.demo import seed_demo_membership
from masthead.billing.memberships.models import BillingCustomer, BillingSubscription, StepUpChange
from masthead.billing.memberships.normalise import facts
from masthead.billing.memberships.pause_email import send_pause_email
from masthead.billing.memberships.refunds import Refund, refund_charge
from masthead.billing.memberships.retries import CHECK_INTERVAL_SECONDS as RETRY_CHECK_SECONDS
from masthead.billing.memberships.retries import PAID as PAID_STATUSES
from masthead.billing.memberships.retries import retry_past_due
from masthead.billing.memberships.schemas import MembershipOut, SubscriptionOut, day_of
from masthead.billing.memberships.service import LIVE, AccountFacts, account_facts
from masthead.billing.memberships.service import cancel as cancel_membership
from masthead.billing.memberships.service import membership as membership_of
from masthead.billing.memberships.service import subscriptions as subscriptions_of
from masthead.billing.memberships.settle import SETTLE_TOPIC, handle_settle_job
from masthead.billing.memberships.status import (
    MEMBER_LIKE,
    AccountStatus,
    is_member,
    resolve_status,
)
from masthead.billing.memberships.status_history import MembershipStatusChange, facts_as_of
from masthead.billing.memberships.step_up import CHECK_INTERVAL_SECONDS as STEP_UP_CHECK_SECONDS
from masthead.billing.memberships.step_up import run_step_ups
from masthead.billing.memberships.subscribe import RECONCILE_SECONDS as RECONCILE_SUBSCRIBES_SECONDS
from masthead.billing.memberships.subscribe import reconcile_abandoned as reconcile_subscribes
from masthead.billing.memberships.webhook_handler import (
    CYCLE_INTERVAL_SECONDS,
    handle_webhook,
    run_sandbox_cycle,
)
from masthead.billing.payment_methods.schemas import PaymentMethodOut, expiration_text
from masthead.billing.payment_methods.service import payment_methods as payment_methods_of

__all__ = [
    "ACTIVE",
    "ALREADY_REFUNDED",
    "CANCELED",
    "CANNOT_VOID",
    "CENT",
    "CVV_REJECTION_REASON",
    "CYCLE_INTERVAL_SECONDS",
    "EXPIRED",
    "FEATURED_BADGE",
    "GATEWAY_REJECTED",
    "HOME_DELIVERY_CHECK_SECONDS",
    "INVALID_SIGNATURE",
    "LIVE",
    "MAX_AMOUNT",
    "MEMBER_LIKE",
    "NOT_FOUND",
    "NOT_SETTLED",
    "PAID_STATUSES",
    "PAST_DUE",
    "PAUSE_LENGTHS",
    "PENDING",
    "RECONCILE_SUBSCRIBES_SECONDS",
    "RETRY_CHECK_SECONDS",
    "SETTLE_TOPIC",
    "STARTED_TOPIC",
    "STEP_UP_CHECK_SECONDS",
    "WEBHOOK_TOPIC",
    "AccountFacts",
    "AccountStatus",
    "BillingCustomer",
    "BillingDiscount",
    "BillingError",
    "BillingPlan",
    "BillingSubscription",
    "BraintreeGateway",
    "CustomerInfo",
    "Discount",
    "GatewayError",
    "HomeDeliveryOut",
    "MembershipOut",
    "MembershipStatusChange",
    "Money",
    "PaymentGateway",
    "PaymentMethodInfo",
    "PaymentMethodOut",
    "PaymentMethodType",
    "PlanSpec",
    "Refund",
    "StepUpChange",
    "SubscriptionInfo",
    "SubscriptionOut",
    "SubscriptionStatus",
    "TransactionInfo",
    "TrialUnit",
    "Verification",
    "WebhookInfo",
    "account_facts",
    "billing_day_for",
    "cancel_membership",
    "card_entry",
    "day_of",
    "discounts",
    "end_paid_memberships",
    "expiration_text",
    "facts",
    "facts_as_of",
    "gateway_of",
    "grant_home_delivery",
    "handle_settle_job",
    "handle_started",
    "handle_webhook",
    "home_delivery_address",
    "home_delivery_view",
    "is_member",
    "membership_of",
    "next_cycle",
    "ordered_methods",
    "pause_membership",
    "payment_methods_of",
    "plan_ids",
    "plans",
    "plans_of",
    "reconcile_subscribes",
    "refund_charge",
    "resolve_status",
    "retry_past_due",
    "revoke_home_delivery",
    "run_sandbox_cycle",
    "run_step_ups",
    "seed_catalogue",
    "seed_demo_membership",
    "seed_discounts",
    "send_pause_email",
    "split_name",
    "subscriptions_of",
    "trial_end",
]
