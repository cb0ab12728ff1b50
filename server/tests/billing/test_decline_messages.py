"""A refused payment is told to the reader as a sentence they can act on, never as the
processor's merchant-facing words ("Do Not Honor"), through every billing call."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient

from masthead.billing.errors import from_gateway
from masthead.billing.gateway import GATEWAY_REJECTED, GatewayError, TransactionInfo, Verification
from masthead.billing.payment_methods import decline_messages as say
from masthead.braintree_sandbox.catalog import RESPONSE_TEXTS
from masthead.deps import Runtime
from tests.billing.api_helpers import DECLINED_CARD, METHODS, nonce, setup, sign_in, subscribe


def _declined_sale(code: str, reason: str | None = None) -> GatewayError:
    text = RESPONSE_TEXTS.get(code, "") if not reason else f"Gateway Rejected: {reason}"
    sale = TransactionInfo(
        id="t1",
        amount=Decimal("4.99"),
        status="gateway_rejected" if reason else "processor_declined",
        created_at=datetime(2026, 11, 26, tzinfo=UTC),
        processor_response_code=code,
        processor_response_text=text,
        gateway_rejection_reason=reason,
    )
    return GatewayError(GATEWAY_REJECTED if reason else code, text, transaction=sale)


@pytest.mark.parametrize(
    ("code", "sentence"),
    [
        ("2000", say.DECLINED),
        ("2001", say.INSUFFICIENT_FUNDS),
        ("2004", say.EXPIRED_CARD),
        ("2010", say.CVV_DECLINED),
        ("2015", say.NOT_ALLOWED),
        ("2044", say.CALL_ISSUER),
        ("2014", say.DECLINED),  # a suspicion of fraud is the bank's to explain
        ("2999", say.DECLINED),  # unknown decline: the range's sentence
        ("3000", say.TRY_AGAIN_LATER),
    ],
)
def test_each_processor_code_becomes_a_sentence(code: str, sentence: str) -> None:
    refusal = from_gateway(_declined_sale(code))
    assert (refusal.status, refusal.type, refusal.message) == (402, "payment-declined", sentence)
    assert RESPONSE_TEXTS.get(code, "Processor Declined") not in refusal.message


@pytest.mark.parametrize(
    ("reason", "sentence"),
    [("fraud", say.NOT_ACCEPTED), ("avs", say.AVS_MISMATCH), ("duplicate", say.DUPLICATE)],
)
def test_gateway_rejections_become_sentences(reason: str, sentence: str) -> None:
    refusal = from_gateway(_declined_sale("", reason))
    assert (refusal.type, refusal.message) == ("payment-declined", sentence)
    assert "Gateway Rejected" not in refusal.message


def test_a_failed_card_check_speaks_the_same_way() -> None:
    check = Verification(
        status="processor_declined",
        processor_response_code="2001",
        processor_response_text="Insufficient Funds",
    )
    refusal = from_gateway(GatewayError("2001", "Insufficient Funds", verification=check))
    assert refusal.message == say.INSUFFICIENT_FUNDS


def test_every_sentence_tells_the_reader_what_to_do() -> None:
    sentences = [v for k, v in vars(say).items() if k.isupper() and isinstance(v, str)]
    assert len(sentences) >= 10
    for sentence in sentences:
        assert sentence.endswith("."), sentence
        assert "Please" in sentence or "Or use" in sentence, sentence


def test_a_declined_card_answers_the_sentence_not_do_not_honor(
    client: TestClient, runtime: Runtime
) -> None:
    sandbox = setup(runtime)
    sign_in(client)
    added = client.post(METHODS, json={"payment_method_nonce": nonce(sandbox, DECLINED_CARD)})
    bought = subscribe(client, "sports-annual", nonce(sandbox, DECLINED_CARD))
    for response in (added, bought):
        assert response.status_code == 402
        assert response.json() == {"type": "payment-declined", "message": say.DECLINED}
