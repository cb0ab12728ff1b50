"""What a reader is told when the card processor or the gateway refuses a payment (no I/O).

Braintree answers a refusal with a processor response code and its own text ("2000 Do Not
Honor", "2001 Insufficient Funds"), or with a gateway rejection reason ("fraud", "avs").
Those words are for merchants: a reader cannot act on "Do Not Honor". Each code becomes a
sentence that says what happened and what to do next; codes Braintree groups together
(the lost/stolen/fraud family, the "call issuer" family) share one sentence, and a code
not listed here falls back to the sentence of its range.

Sentences deliberately never repeat a bank's suspicion of fraud or a stolen card: the
reader may be the cardholder, and the bank is the one to explain.
"""

from __future__ import annotations

DECLINED = "Your bank declined this card. Please contact your bank or use another card."
INSUFFICIENT_FUNDS = (
    "Your card was declined for insufficient funds. Please use another card, "
    "or try again when funds are available."
)
OVER_LIMIT = "This payment is over your card's limit. Please use another card or contact your bank."
EXPIRED_CARD = "Your card has expired. Please update its expiration date or use another card."
INVALID_NUMBER = "The card number is not valid. Please check it and try again."
INVALID_EXPIRATION = "The card's expiration date is not valid. Please check it and try again."
NO_ACCOUNT = "Your bank has no account for this card number. Please check it or use another card."
CVV_DECLINED = (
    "Your bank declined the card's security code (CVV). Please check the 3- or 4-digit code "
    "and try again."
)
NOT_ALLOWED = (
    "Your bank does not allow this kind of payment on this card. "
    "Please contact your bank or use another card."
)
CALL_ISSUER = (
    "Your bank declined this payment and asks you to call them (the number is on the back "
    "of your card). Or use another card."
)
AVS_MISMATCH = (
    "The billing ZIP code does not match the one your bank has for this card. "
    "Please check it and try again."
)
DUPLICATE = (
    "This payment was already made a moment ago. Please check your membership before trying again."
)
NOT_ACCEPTED = "This card could not be accepted. Please use another card."
TRY_AGAIN_LATER = (
    "We could not reach the card network. Please try again in a few minutes; "
    "you have not been charged."
)

# Braintree's processor response codes (developer.paypal.com/braintree/docs/reference/
# general/processor-responses/authorization-responses).
_BY_CODE = {
    "2000": DECLINED,  # Do Not Honor
    "2001": INSUFFICIENT_FUNDS,
    "2002": OVER_LIMIT,  # Limit Exceeded
    "2003": OVER_LIMIT,  # Cardholder's Activity Limit Exceeded
    "2004": EXPIRED_CARD,
    "2005": INVALID_NUMBER,
    "2006": INVALID_EXPIRATION,
    "2007": NO_ACCOUNT,
    "2008": INVALID_NUMBER,  # Card Account Length Error
    "2010": CVV_DECLINED,  # Card Issuer Declined CVV
    "2015": NOT_ALLOWED,  # Transaction Not Allowed
    "2019": NOT_ALLOWED,  # Invalid Transaction
    "2038": DECLINED,  # Processor Declined
    "2044": CALL_ISSUER,  # Declined - Call Issuer
    "2046": DECLINED,  # Declined
    "2047": CALL_ISSUER,  # Call Issuer. Pick Up Card.
    "2057": NOT_ALLOWED,  # Issuer or Cardholder has put a restriction on the card
    "2059": AVS_MISMATCH,  # Address Verification Failed
    "2060": AVS_MISMATCH,  # Address Verification and Card Security Code Failed
}

# Braintree's gateway rejection reasons (the merchant's own rules, not the bank).
_BY_REJECTION = {
    "avs": AVS_MISMATCH,
    "avs_and_cvv": AVS_MISMATCH,
    "cvv": CVV_DECLINED,
    "duplicate": DUPLICATE,
}


def for_processor_code(code: str) -> str:
    """The reader's sentence for a processor response code ("2000"...)."""
    if code in _BY_CODE:
        return _BY_CODE[code]
    if code.startswith("3"):  # 3000-3999: the processor network failed, nothing charged
        return TRY_AGAIN_LATER
    return DECLINED  # 2000-2999: a soft or hard decline by the bank


def for_rejection(reason: str | None) -> str:
    """The reader's sentence for a gateway rejection ("fraud", "avs", "duplicate"...)."""
    return _BY_REJECTION.get(reason or "", NOT_ACCEPTED)
