"""GET /blaize/users/data: the signed-in reader's data as one JSON file, with everything
Masthead holds about them and none of its secrets."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.models import AuthSession
from masthead.identity.tokens import token_hash
from masthead.reader_data.mails import DOWNLOADED_SUBJECT
from tests.billing.faults import install, unavailable
from tests.identity.helpers import mails_to, register
from tests.reader_data.helpers import DATA, EMAIL, full_reader, user_row


def test_signed_out_is_refused(client: TestClient) -> None:
    answer = client.get(DATA)
    assert answer.status_code == 401
    assert answer.json()["type"] == "unauthorized"


def test_the_file_holds_everything_about_the_reader(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    reader = full_reader(app, runtime, client)
    answer = client.get(DATA, headers={"User-Agent": "Firefox on Linux"})

    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert answer.headers["cache-control"] == "no-store"
    assert answer.headers["content-disposition"] == (
        'attachment; filename="masthead-data-2026-11-22.json"'
    )
    data = answer.json()
    assert data["format"] == "masthead-reader-data/1"
    assert data["account"]["email"] == EMAIL
    assert data["account"]["tracking_id"] == reader.tracking_id
    assert data["account"]["has_password"] is True
    assert data["profile"]["full-name"] == "Ada Lovelace"
    assert data["profile"]["first-name"] == "Ada"
    assert len(data["sessions"]) == 2  # this browser and the phone
    assert all(s["live"] for s in data["sessions"])

    membership = data["membership"]
    assert membership["status"] == "Active"
    [subscription] = membership["subscriptions"]
    assert subscription["id"] == reader.subscription_id
    assert subscription["plan_name"] == "Monthly"
    assert subscription["state"] == "active"
    assert [p["amount"] for p in subscription["payments"]] == [subscription["price"]]
    assert subscription["price"] == "4.99"
    [card] = membership["payment_methods"]
    assert card["last_4"] == "1111"
    assert card["card_type"] == "Visa"
    assert card["expiration"] == "12/2030"
    assert card["default"] is True

    [comment] = data["comments"]
    assert comment["id"] == reader.comment_id
    assert comment["body"] == "The rally was splendid."
    assert comment["status"] == "published"
    [opinion] = data["comment_opinions"]
    assert opinion["vote"] == 1

    referrals = data["referrals"]
    assert referrals["participant"] is True
    assert referrals["referral_code"]
    assert referrals["referred"] == []


def test_the_file_holds_no_secret(app: FastAPI, client: TestClient, runtime: Runtime) -> None:
    full_reader(app, runtime, client)
    answer = client.get(DATA)
    text = answer.text

    user = user_row(runtime)
    assert user is not None and user.password_hash
    assert user.password_hash not in text
    assert "argon2" not in text
    session_token = client.cookies[SESSION_COOKIE]
    assert session_token not in text
    with runtime.sessions() as db:
        hashes = db.scalars(select(AuthSession.token_hash)).all()
    assert hashes and not any(h in text for h in hashes)
    assert token_hash(session_token) in hashes
    # The card's gateway token, as the payment-method screen gets it, is not in the file.
    [method] = client.get("/zephr/payment/braintree/payment-methods").json()
    assert method["token"] and method["token"] not in text
    assert '"token"' not in text and "password_hash" not in text
    json.loads(text)  # and it is one JSON document


def test_a_download_is_mailed_to_the_reader(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL, **{"first-name": "Ada"})
    assert client.get(DATA, headers={"User-Agent": "Firefox on Linux"}).status_code == 200
    [mail] = mails_to(runtime, EMAIL, DOWNLOADED_SUBJECT)
    assert mail.text.startswith("Hello Ada,")
    assert "downloaded on 22 November 2026 at 12:00 UTC from Firefox on Linux" in mail.text
    assert "change your password" in mail.text


def test_downloads_are_limited_per_reader(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.data_exports_per_reader = 2
    register(client, EMAIL)
    assert [client.get(DATA).status_code for _ in range(2)] == [200, 200]
    refused = client.get(DATA)
    assert refused.status_code == 429
    assert refused.json()["type"] == "too-many-requests"
    assert "Please wait" in refused.json()["message"]
    assert int(refused.headers["retry-after"]) > 0


def test_a_silent_payment_service_leaves_the_rest_of_the_file(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    full_reader(app, runtime, client)
    faulty = install(runtime, runtime.payment_gateway)
    faulty.fail("list_payment_methods", unavailable())
    answer = client.get(DATA)
    assert answer.status_code == 200
    membership = answer.json()["membership"]
    assert membership["payment_methods"] is None
    assert "did not answer" in membership["payment_methods_note"]
    assert membership["subscriptions"]  # the rest is there
