"""POST /blaize/users/delete/: the account goes, confirmed with the password; the membership
is cancelled at the end of its paid period, the payments stay without the person, comments
stay as "Former reader", and the address can register again."""

from __future__ import annotations

from datetime import date, timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import select, update

from masthead.billing.api import CANCELED, BillingCustomer, BillingSubscription
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.identity.models import AuthSession, Profile, User
from masthead.reader_data.mails import DELETED_SUBJECT
from masthead.referrals.api import ReferralUser
from tests.billing.api_helpers import on
from tests.billing.faults import install, unavailable
from tests.braintree_sandbox.helpers import bill_due
from tests.comments.writing_helpers import browser
from tests.identity.helpers import PASSWORD, login, mails_to, register
from tests.reader_data.helpers import EMAIL, delete, full_reader, user_row

ACCOUNT = "/blaize/account"


def _refused(answer: Response, status: int, kind: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["type"] == kind, body
    message: str = body["message"]
    return message


def test_deleting_ends_everything_personal_and_keeps_the_payments(
    app: FastAPI, client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    reader = full_reader(app, runtime, client)
    sandbox = runtime.payment_gateway
    phone = browser(app)
    assert login(phone, EMAIL).status_code == 200
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, reader.subscription_id)
        assert row is not None
        paid_through, charges = row.paid_through_date, list(row.transactions)
        user_id = row.user_id
    assert paid_through is not None and paid_through > date(2026, 11, 22)

    answer = delete(client)

    assert answer.status_code == 200, answer.text
    assert answer.json() == {"message": "Your account has been deleted."}
    assert answer.headers["cache-control"] == "no-store"
    assert SESSION_COOKIE not in client.cookies  # this browser is signed out
    # Every session ended, this one and the phone's.
    assert client.get(ACCOUNT).status_code == 401
    assert phone.get(ACCOUNT).status_code == 401
    with runtime.sessions() as db:
        assert db.scalars(select(AuthSession).where(AuthSession.user_id == user_id)).all() == []
        assert db.get(Profile, user_id) is None
        assert db.get(User, user_id) is None
        assert db.get(BillingCustomer, user_id) is None
        kept = db.get(BillingSubscription, reader.subscription_id)
        assert kept is not None
        # The membership is cancelled at the end of its paid period: no refund, no more charges.
        assert kept.status == CANCELED
        assert kept.paid_through_date == paid_through
        assert kept.transactions == charges  # the payments the law needs, kept
        assert kept.user_id is None  # without anything that names the person
        assert kept.cancel_reason == "account-deleted"
        # The referral programme forgot the participant (their row stays for the other side).
        participants = db.scalars(select(ReferralUser)).all()
        assert all(p.email != EMAIL and p.account_id != reader.tracking_id for p in participants)
        assert all(p.first_name != "Ada" for p in participants)
    assert sandbox.find_subscription(reader.subscription_id).status == CANCELED
    assert sandbox.list_payment_methods(reader.tracking_id) == []  # the vaulted card is gone

    # Login is refused; the comment keeps its place, by "Former reader".
    assert _refused(login(browser(app), EMAIL), 404, "user-not-found")
    author = client.get(f"/comments/v1/messages/{reader.comment_id}/author").json()
    assert author["display_name"] == "Former reader"
    assert author["profile"] == "erased"

    # The mail went to the address before it was erased; it tells of the membership too, so
    # no cancellation receipt offers to restart a membership of an account that is gone.
    [mail] = mails_to(runtime, EMAIL, DELETED_SUBJECT)
    assert not any("cancelled" in m.subject.lower() for m in mails_to(runtime, EMAIL))
    assert mail.text.startswith("Hello Ada,")
    assert "was deleted on 22 November 2026" in mail.text
    assert f"paid through {paid_through.isoformat()}" in mail.text
    assert "You will not be charged again." in mail.text
    assert '"Former reader"' in mail.text
    assert "you can register again with this email address" in mail.text

    # The address can register again: a new account, nothing of the old one.
    again = register(browser(app), EMAIL)
    assert again.status_code == 200, again.text
    assert again.json()["tracking_id"] != reader.tracking_id

    # Past the paid period, the gateway's billing run charges nothing more.
    on(clock, paid_through + timedelta(days=2))
    bill_due(runtime)
    assert len(sandbox.find_subscription(reader.subscription_id).transactions) == len(charges)


def test_a_reader_without_membership_is_deleted_too(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    assert delete(client).status_code == 200
    assert user_row(runtime) is None
    assert [m.subject for m in mails_to(runtime, EMAIL)][-1] == DELETED_SUBJECT


def test_signed_out_is_refused(client: TestClient) -> None:
    _refused(delete(client), 401, "unauthorized")


def test_a_wrong_password_deletes_nothing(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    message = _refused(delete(client, "Not-My-Password-9"), 400, "bad-credentials")
    assert message == "Sorry, that password is not right. Please try again."
    assert client.get(ACCOUNT).status_code == 200  # still signed in
    assert user_row(runtime) is not None
    assert mails_to(runtime, EMAIL, DELETED_SUBJECT) == []


def test_no_password_is_a_clear_refusal(client: TestClient) -> None:
    register(client, EMAIL)
    answer = client.post("/blaize/users/delete/", json={"validators": {}})
    assert answer.status_code == 400
    assert answer.json()["type"] == "bad-request"
    assert "password" in answer.json()["message"]


def test_attempts_are_limited(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.rate_limit_per_account = 2
    register(client, EMAIL)
    for _ in range(2):
        _refused(delete(client, "Not-My-Password-9"), 400, "bad-credentials")
    message = _refused(delete(client), 429, "too-many-requests")  # even the right one, now
    assert "Please wait" in message
    assert user_row(runtime) is not None


def test_another_site_cannot_delete_the_account(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    _refused(delete(client, Origin="https://evil.example"), 403, "cross-origin-refused")
    assert user_row(runtime) is not None


def test_an_account_without_a_password_is_told_how_to_set_one(
    client: TestClient, runtime: Runtime
) -> None:
    register(client, EMAIL)
    with runtime.sessions.begin() as db:  # as a social sign-in account is made
        db.execute(update(User).where(User.email == EMAIL).values(password_hash=None))
    message = _refused(delete(client, "anything"), 400, "password-not-set")
    assert "Forgot your password?" in message
    assert user_row(runtime) is not None


def test_a_silent_payment_service_deletes_nothing(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    reader = full_reader(app, runtime, client)
    faulty = install(runtime, runtime.payment_gateway)
    faulty.fail("cancel_subscription", unavailable())
    message = _refused(delete(client), 503, "payment-unavailable")
    assert message.startswith("We could not reach the payment service")
    assert "not deleted" in message
    assert client.get(ACCOUNT).status_code == 200
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, reader.subscription_id)
        assert row is not None and row.status == "Active" and row.user_id is not None
    assert mails_to(runtime, EMAIL, DELETED_SUBJECT) == []


def test_a_failure_after_the_cancel_is_finished_by_a_retry(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    reader = full_reader(app, runtime, client)
    faulty = install(runtime, runtime.payment_gateway)
    faulty.fail("delete_payment_method", unavailable())
    message = _refused(delete(client), 503, "payment-unavailable")
    assert message.startswith("Your membership is cancelled, but")
    assert client.get(ACCOUNT).status_code == 200  # the account is still there
    with runtime.sessions() as db:
        row = db.get(BillingSubscription, reader.subscription_id)
        assert row is not None and row.status == CANCELED  # the local copy says so too

    faulty.heal()
    assert delete(client).status_code == 200
    assert user_row(runtime) is None
    [mail] = mails_to(runtime, EMAIL, DELETED_SUBJECT)  # one, and it names the membership
    assert "Your Monthly membership is cancelled; it was paid through" in mail.text
    assert login(browser(app), EMAIL, PASSWORD).status_code == 404


def test_the_erased_account_id_is_never_given_again(client: TestClient, runtime: Runtime) -> None:
    """What names an account by its id (the staff audit log, once-only mail keys, rate-limit
    keys) must not come to mean the next reader who registers."""
    register(client, EMAIL)
    erased = user_row(runtime)
    assert erased is not None  # the newest account: SQLite would hand its id out again
    assert delete(client).status_code == 200
    assert register(client, "grace@example.com").status_code == 200
    newcomer = user_row(runtime, "grace@example.com")
    assert newcomer is not None and newcomer.id > erased.id
