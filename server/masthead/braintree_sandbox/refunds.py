"""Refunds and voids, as Braintree answers them.

- A sale that is settled (or settling) is refunded by a transaction of its own, a credit:
  type "credit", `refunded_transaction_id` naming the sale, which lists it in `refund_ids`.
  Without an amount the rest of the sale is refunded; a refund beyond it is refused (91521),
  a sale refunded in full refuses more (91512), a credit cannot be refunded (91505).
- A sale not settled yet cannot be refunded (91506): it is voided instead, which only a sale
  authorized or submitted for settlement can be (91504); its status becomes "voided".
- A credit is not one of the subscription's charges: it carries no subscription id, so a
  subscription lists only what was charged for it.

Braintree settles sales in a nightly batch; the sandbox never settles on its own (its
billing runs and their tests count on "submitted_for_settlement"), so `settle` is Braintree
sandbox's testing.settle: it settles a sale on request.
"""

from __future__ import annotations

from decimal import Decimal

from masthead.billing.api import (
    ALREADY_REFUNDED,
    CANNOT_VOID,
    NOT_FOUND,
    NOT_SETTLED,
    GatewayError,
)
from masthead.braintree_sandbox import repository
from masthead.braintree_sandbox.charges import INSTRUMENT_TYPES, check_amount
from masthead.braintree_sandbox.context import Ctx
from masthead.braintree_sandbox.models import SandboxTransaction

VOIDABLE = ("authorized", "submitted_for_settlement", "settlement_pending")
REFUNDABLE = ("settled", "settling")
CANNOT_REFUND_CREDIT = "91505"
REFUND_TOO_LARGE = "91521"
CANNOT_SETTLE = "91507"
PROCESSED = ("1002", "Processed")  # Braintree's response to every credit


def _refused(code: str, message: str) -> GatewayError:
    return GatewayError(code, message, scope="transaction", attribute="base")


def _sale(ctx: Ctx, transaction_id: str) -> SandboxTransaction:
    row = repository.transaction(ctx.db, transaction_id, lock=True)
    if row is None:
        raise GatewayError(NOT_FOUND, f"transaction with id {transaction_id!r} not found")
    return row


def refund(ctx: Ctx, transaction_id: str, amount: Decimal | None = None) -> SandboxTransaction:
    """The credit that refunds the sale (all that is left of it, unless an amount is given)."""
    sale = _sale(ctx, transaction_id)
    if sale.kind == "credit":
        raise _refused(CANNOT_REFUND_CREDIT, "Cannot refund a credit.")
    if sale.status not in REFUNDABLE:
        raise _refused(NOT_SETTLED, "Cannot refund transaction unless it is settled.")
    refunded = sum((r.amount for r in repository.refunds_of(ctx.db, sale.id)), Decimal("0.00"))
    left = sale.amount - refunded
    if left <= 0:
        raise _refused(ALREADY_REFUNDED, "Transaction has already been completely refunded.")
    amount = left if amount is None else check_amount(amount)
    if amount > left:
        raise _refused(REFUND_TOO_LARGE, "Refund amount is too large.")
    method = ctx.payment_method(sale.payment_method_token)
    credit = SandboxTransaction(
        id=repository.new_id(8),
        subscription_id=None,
        billing_date=None,
        payment_method_token=sale.payment_method_token,
        payment_instrument_type=INSTRUMENT_TYPES.get(
            method.kind if method else "", sale.payment_instrument_type
        ),
        amount=amount,
        status="submitted_for_settlement",
        processor_response_code=PROCESSED[0],
        processor_response_text=PROCESSED[1],
        gateway_rejection_reason=None,
        created_at=ctx.now,
        kind="credit",
        refunded_transaction_id=sale.id,
    )
    ctx.db.add(credit)
    sale.refund_ids = [*(sale.refund_ids or []), credit.id]  # a new list: JSON sees replacement
    ctx.db.flush()
    return credit


def void(ctx: Ctx, transaction_id: str) -> SandboxTransaction:
    sale = _sale(ctx, transaction_id)
    if sale.status not in VOIDABLE:
        raise _refused(
            CANNOT_VOID,
            "Transaction can only be voided if status is authorized, submitted_for_settlement, "
            "or - for PayPal - settlement_pending.",
        )
    sale.status = "voided"
    ctx.db.flush()
    return sale


def settle(ctx: Ctx, transaction_id: str) -> SandboxTransaction:
    """Braintree sandbox's testing.settle: a sale submitted for settlement is settled."""
    sale = _sale(ctx, transaction_id)
    if sale.status not in ("submitted_for_settlement", "settling"):
        raise _refused(CANNOT_SETTLE, "Cannot settle a transaction that is not submitted.")
    sale.status = "settled"
    ctx.db.flush()
    return sale


def find(ctx: Ctx, transaction_id: str) -> SandboxTransaction:
    row = repository.transaction(ctx.db, transaction_id)
    if row is None:
        raise GatewayError(NOT_FOUND, f"transaction with id {transaction_id!r} not found")
    return row
