"""Billing's public face: what other parts of Masthead (decisions, site, web, the stand-in
sandbox and the wiring) may import of billing. Everything else is billing's own
(import-linter checks this: server/.importlinter)."""

from masthead.billing.catalog import discounts
from masthead.billing.catalog.discounts import seed_discounts
from masthead.billing.catalog.models import BillingDiscount, BillingPlan
from masthead.billing.catalog.service import plan_ids, plans, plans_of, seed_catalogue
from masthead.billing.errors import BillingError
from masthead.billing.gateway import (
    ACTIVE,
    CANCELED,
    CVV_REJECTION_REASON,
    EXPIRED,
    GATEWAY_REJECTED,
    INVALID_SIGNATURE,
    NOT_FOUND,
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
from masthead.billing.home_delivery.service import (
    PAID_CHECK_INTERVAL_SECONDS as HOME_DELIVERY_CHECK_SECONDS,
)
from masthead.billing.home_delivery.service import (
    STARTED_TOPIC,
    end_paid_memberships,
    handle_started,
)
from masthead.billing.memberships.models import BillingCustomer, BillingSubscription, StepUpChange
from masthead.billing.memberships.normalise import facts
from masthead.billing.memberships.retries import CHECK_INTERVAL_SECONDS as RETRY_CHECK_SECONDS
from masthead.billing.memberships.retries import retry_past_due
from masthead.billing.memberships.service import LIVE, AccountFacts, account_facts
from masthead.billing.memberships.settle import SETTLE_TOPIC, handle_settle_job
from masthead.billing.memberships.status import (
    MEMBER_LIKE,
    AccountStatus,
    is_member,
    resolve_status,
)
from masthead.billing.memberships.step_up import CHECK_INTERVAL_SECONDS as STEP_UP_CHECK_SECONDS
from masthead.billing.memberships.step_up import run_step_ups
from masthead.billing.memberships.webhook_handler import (
    CYCLE_INTERVAL_SECONDS,
    handle_webhook,
    run_sandbox_cycle,
)

__all__ = [
    "ACTIVE",
    "CANCELED",
    "CENT",
    "CVV_REJECTION_REASON",
    "CYCLE_INTERVAL_SECONDS",
    "EXPIRED",
    "GATEWAY_REJECTED",
    "HOME_DELIVERY_CHECK_SECONDS",
    "INVALID_SIGNATURE",
    "LIVE",
    "MAX_AMOUNT",
    "MEMBER_LIKE",
    "NOT_FOUND",
    "PAST_DUE",
    "PENDING",
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
    "Money",
    "PaymentGateway",
    "PaymentMethodInfo",
    "PaymentMethodType",
    "PlanSpec",
    "StepUpChange",
    "SubscriptionInfo",
    "SubscriptionStatus",
    "TransactionInfo",
    "TrialUnit",
    "Verification",
    "WebhookInfo",
    "account_facts",
    "billing_day_for",
    "card_entry",
    "discounts",
    "end_paid_memberships",
    "facts",
    "gateway_of",
    "handle_settle_job",
    "handle_started",
    "handle_webhook",
    "is_member",
    "next_cycle",
    "ordered_methods",
    "plan_ids",
    "plans",
    "plans_of",
    "resolve_status",
    "retry_past_due",
    "run_sandbox_cycle",
    "run_step_ups",
    "seed_catalogue",
    "seed_discounts",
    "split_name",
    "trial_end",
]
