"""The reader's membership claim (masthead/claims.py): held by whoever changes a reader's
membership — subscribe, pause, resume, switch, cancel, and home delivery ending a paid
membership — so two never run at once for one reader."""

MEMBERSHIP_CLAIM = "billing.membership"


class BillingClaimHeld(RuntimeError):
    """A background job met the reader's claim held by a live request: the job is retried."""
