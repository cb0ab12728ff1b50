"""Referral invites: validated, queued in the outbox, delivered to the dev mailbox."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from masthead.mail.service import MAIL_TOPIC
from tests.identity.helpers import mails_to
from tests.referrals.helpers import BASE, LIVE, LIVE_KEY, auth, count, seed, token, upsert


@pytest.fixture(autouse=True)
def _tenants(runtime: Runtime) -> None:
    seed(runtime)


def _invite(client: TestClient, recipients: Any, base: str = BASE, **kw: Any) -> Any:
    return client.post(
        f"{base}/mail/referralinvite",
        json={"sendingAccountId": "a", "sendingUserId": "u", "recipients": recipients},
        **kw,
    )


def test_invites_are_mailed_with_the_share_link(client: TestClient, runtime: Runtime) -> None:
    sender = upsert(
        client, "a", "u", firstName="Ada", lastName="Lovelace", email="ada@example.com"
    ).json()["user"]
    response = _invite(
        client, ["one@example.com", "TWO@example.com", "one@EXAMPLE.com", "Ada@example.com"]
    )
    assert response.status_code == 200
    assert response.json() == {"accepted": 2, "rejected": 2}
    assert count(runtime, OutboxJob, OutboxJob.topic == MAIL_TOPIC) == 2

    [mail] = mails_to(runtime, "one@example.com")
    assert mail.subject == "Ada Lovelace invited you to Masthead membership"
    assert "Your reward for joining: Your first month free\n\nJoin with this link:\n" in mail.text
    assert sender["shareLinks"]["shareLink"] in mail.text
    assert len(mails_to(runtime, "TWO@example.com")) == 1
    assert mails_to(runtime, "ada@example.com") == []


@pytest.mark.parametrize(
    ("recipients", "message"),
    [
        ([], "recipients must list at least one email address."),
        (
            [f"p{n}@example.com" for n in range(21)],
            "at most 20 people at a time; recipients lists 21",
        ),
        (
            ["ok@example.com", "not-an-email"],
            'recipients[1] "not-an-email" is not a valid email address.',
        ),
        (["ok@example.com", "  "], "recipients[1] is empty."),
        ("one@example.com", "recipients"),
        ([1, 2], "recipients.0"),
    ],
)
def test_recipients_are_validated(
    client: TestClient, runtime: Runtime, recipients: Any, message: str
) -> None:
    upsert(client, "a", "u")
    response = _invite(client, recipients)
    assert response.status_code == 400
    assert message in response.json()["message"]
    assert response.json()["apiErrorCode"] == "BAD_REQUEST"
    assert count(runtime, OutboxJob) == 0  # nothing half sent


def test_unknown_sender_and_live_tokens(client: TestClient, runtime: Runtime) -> None:
    assert _invite(client, ["x@example.com"]).status_code == 404
    upsert(client, "a", "u", tenant=LIVE, headers=auth(token("a", "u", key=LIVE_KEY)))
    live = f"/api/v1/{LIVE}"
    assert _invite(client, ["x@example.com"], base=live).status_code == 401
    signed = _invite(
        client, ["x@example.com"], base=live, headers=auth(token("a", "u", key=LIVE_KEY))
    )
    assert signed.json() == {"accepted": 1, "rejected": 0}
    assert mails_to(runtime, "x@example.com")[0].subject == "A friend invited you to Live programme"


def test_a_sender_is_rate_limited(client: TestClient, runtime: Runtime) -> None:
    upsert(client, "a", "u")
    for n in range(10):
        assert _invite(client, [f"p{n}@example.com"]).status_code == 200
    limited = _invite(client, ["late@example.com"])
    assert limited.status_code == 429
    assert limited.json()["apiErrorCode"] == "TOO_MANY_REQUESTS"
    assert count(runtime, OutboxJob) == 10


def _invite_as(client: TestClient, account: str, user: str, recipient: str) -> Any:
    return client.post(
        f"{BASE}/mail/referralinvite",
        json={"sendingAccountId": account, "sendingUserId": user, "recipients": [recipient]},
    )


def test_the_limit_is_per_account_not_per_user(client: TestClient, runtime: Runtime) -> None:
    """Another user id of the same account does not get another ten calls."""
    for user in ("u", "v"):
        upsert(client, "a", user)
    upsert(client, "b", "w")
    for n in range(10):
        assert (
            _invite_as(client, "a", "u" if n % 2 else "v", f"p{n}@example.com").status_code == 200
        )
    limited = _invite_as(client, "a", "v", "late@example.com")
    assert limited.status_code == 429
    assert limited.json()["type"] == "too-many-requests"
    assert limited.json()["message"] == (
        "You have sent many invites this hour. Please try again in 60 minutes."
    )
    assert 3500 < int(limited.headers["Retry-After"]) <= 3600
    assert _invite_as(client, "b", "w", "other@example.com").status_code == 200
    assert count(runtime, OutboxJob) == 11
    assert mails_to(runtime, "late@example.com") == []


def test_the_limit_is_per_client_address(app: FastAPI, runtime: Runtime) -> None:
    """Made-up accounts from one address share its thirty calls an hour."""
    here = TestClient(app, base_url="http://testserver", client=("203.0.113.7", 50000))
    elsewhere = TestClient(app, base_url="http://testserver", client=("198.51.100.9", 50000))
    for account in ("a1", "a2", "a3", "a4"):
        upsert(here, account, account)
    for n in range(30):
        assert (
            _invite_as(here, f"a{n // 10 + 1}", f"a{n // 10 + 1}", f"p{n}@x.example").status_code
            == 200
        )
    limited = _invite_as(here, "a4", "a4", "late@example.com")
    assert limited.status_code == 429
    assert limited.json()["apiErrorCode"] == "TOO_MANY_REQUESTS"
    assert limited.json()["message"] == (
        "Many invites were sent from your network this hour. Please try again in 60 minutes."
    )
    assert "Retry-After" in limited.headers
    # the same account from another address is not refused for this address's calls
    assert _invite_as(elsewhere, "a4", "a4", "late@example.com").status_code == 200
    assert count(runtime, OutboxJob) == 31
