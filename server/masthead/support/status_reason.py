"""Why a reader's account has its status, in a sentence, from what the membership call
answers (billing's membership_of, the one computation of spec section 4). Pure: it explains
the status, it never decides it.
"""

from __future__ import annotations

from datetime import date

# The rule of spec section 4's resolution order each status comes from.
RULES = {
    "None": "rule 1: no subscriptions",
    "Active": "rule 2: an active subscription wins",
    "Active_Pending": "rule 3: pending, with a cancelled subscription still paid for",
    "Paused": "rule 3: pending and paused",
    "Active_Paused": "rule 3: paused, with the paid period still running",
    "Pending": "rule 3: pending",
    "Past Due": "rule 4: past due",
    "Cancelled_Active": "rule 5: cancelled but paid through a future date",
    "Canceled": "rule 6: cancelled",
}


def long_day(value: str | None) -> str | None:
    """An ISO date (or date-time) as "November 21, 2027"."""
    if not value:
        return None
    try:
        day = date.fromisoformat(value[:10])
    except ValueError:
        return value
    return f"{day:%B} {day.day}, {day.year}"


def reason(
    status: str,
    *,
    home_delivery: bool,
    access_until: str | None,
    paid_through: str | None,
    free_trial_until: str | None,
    plan_change_date: str | None,
    paused_length: int | None,
) -> str:
    if home_delivery:
        return (
            "Free with print home delivery: an active grant for the reader's verified address "
            "(whatever the subscriptions say)."
        )
    until, trial, change = (
        long_day(access_until),
        long_day(free_trial_until),
        long_day(plan_change_date),
    )
    paid = long_day(paid_through) or until
    if status == "None":
        text = "The reader has never subscribed."
    elif status == "Active" and trial:
        text = f"In a free trial until {trial}."
    elif status == "Active":
        text = "A subscription in good standing" + (f", paid through {paid}." if paid else ".")
    elif status == "Active_Pending":
        text = f"A new subscription is pending; the cancelled one is paid through {until}."
    elif status in ("Paused", "Active_Paused"):
        months = (
            f" for {paused_length} month{'s' if paused_length != 1 else ''}"
            if paused_length
            else ""
        )
        text = (
            f"Paused{months}"
            + (f"; access until {until}" if until else "")
            + (f"; the membership restarts on {change}." if change else ".")
        )
    elif status == "Pending":
        text = "A subscription that has not been paid for yet: no access until its first charge."
    elif status == "Past Due":
        text = "The last charge failed: the balance is owed, and access is withheld."
    elif status == "Cancelled_Active":
        text = f"Cancelled, with access until {until}." if until else "Cancelled, still paid for."
    elif status == "Canceled":
        text = "Cancelled: nothing paid for covers today."
    else:
        return status
    return f"{text} ({RULES[status]})"
