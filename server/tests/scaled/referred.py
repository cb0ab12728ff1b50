"""A reader who arrived through a friend's share link and joined the referral programme, as
the account area's widget makes them (an upsert carrying the `_saasquatch` cookie), and what
their referral left behind: its state and its rewards."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx

from masthead.referrals.cookie import build, encode
from masthead.referrals.seed import DEMO_PROGRAMME, DEMO_TENANT
from tests.scaled.topology import Processes

CODE_DAYS = 30


def _upsert(base: str, ids: str, **body: object) -> httpx.Response:
    """The demo tenant is in test mode: its widget calls need no user JWT."""
    answer = httpx.put(
        f"{base}/api/v1/{DEMO_TENANT}/widget/account/{ids}/user/{ids}/upsert",
        params={"widgetType": "REFERRER_WIDGET", "engagementMedium": "POPUP"},
        json={"id": ids, "accountId": ids, **body},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text
    return answer


def join_referred(base: str, tracking_id: str) -> None:
    """A friend shares their link; the reader (their Masthead tracking id is their referral
    ids) follows it and joins: a PENDING referral, converted by a paid membership."""
    friend = f"friend-{time.monotonic_ns()}"
    code = _upsert(base, friend).json()["user"]["referralCode"]
    expires = datetime.now(UTC) + timedelta(days=CODE_DAYS)
    cookie = encode(build("127.0.0.1", DEMO_TENANT, DEMO_PROGRAMME, code, expires))
    joined = _upsert(base, tracking_id, cookies=cookie).json()
    assert joined["user"].get("referredBy"), joined  # attributed to the friend


# The reader's referral (their referral user's ids are their tracking id) and its rewards.
STATE = (
    "SELECT r.status FROM referrals r JOIN referral_users u ON u.id = r.referred_id"
    " WHERE u.user_id = %s"
)
REWARDS = (
    "SELECT w.kind FROM referral_rewards w JOIN referrals r ON r.id = w.referral_id"
    " JOIN referral_users u ON u.id = r.referred_id WHERE u.user_id = %s ORDER BY w.kind"
)


def referral_state(processes: Processes, tracking_id: str) -> str:
    [(status,)] = processes.sql(STATE, tracking_id)
    return str(status)


def rewards(processes: Processes, tracking_id: str) -> list[str]:
    """The kinds of reward the reader's referral issued (the friend's and the reader's)."""
    return [str(kind) for (kind,) in processes.sql(REWARDS, tracking_id)]


def conversions_sent(processes: Processes, tracking_id: str) -> int:
    """How many times Masthead told the programme the reader's membership started."""
    [(count,)] = processes.sql(
        "SELECT count(*) FROM referral_user_events WHERE user_id = %s AND key = %s",
        tracking_id,
        "membership_started",
    )
    assert isinstance(count, int)
    return count
