"""POST /blaize/users/delete/ confirmed with the provider: an account made with Google (no
password) confirms in the provider's popup, then deletes with `validators.provider`. The
confirmation is this session's, fresh (5 minutes) and works once; a password account is as
before."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.reader_data.mails import DELETED_SUBJECT
from tests.billing.api_helpers import nonce, setup, subscribe
from tests.billing.faults import install, unavailable
from tests.comments.writing_helpers import browser
from tests.identity.helpers import login, mails_to, register
from tests.identity.social.popup import (
    confirm_with,
    development_sign_in,
    register_with,
    social_reader,
)
from tests.reader_data.helpers import DELETE, EMAIL, delete, user_row

OPTIONS = DELETE
AGAIN = (
    "Please confirm with Google again: a confirmation lasts 5 minutes, works once, and only "
    "in the browser that made it."
)


def _delete_with(client: TestClient, provider: str = "google") -> Any:
    return client.post(DELETE, json={"validators": {"provider": provider}})


def _refused(answer: Response, status: int, kind: str) -> str:
    assert answer.status_code == status, answer.text
    assert answer.json()["type"] == kind, answer.json()
    message: str = answer.json()["message"]
    return message


def _confirmed(client: TestClient) -> None:
    assert confirm_with(client, sub="g-ada", email=EMAIL)["action"] == "confirm"


def test_a_reader_without_a_password_deletes_with_google(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    tracking_id = social_reader(client, sub="g-ada", email=EMAIL)
    assert client.get(OPTIONS).json() == {"password": False, "providers": ["google"]}
    _confirmed(client)

    answer = _delete_with(client)

    assert answer.status_code == 200, answer.text
    assert answer.json() == {"message": "Your account has been deleted."}
    assert SESSION_COOKIE not in client.cookies
    assert client.get("/blaize/account").status_code == 401
    assert user_row(runtime) is None
    assert [m.subject for m in mails_to(runtime, EMAIL)][-1] == DELETED_SUBJECT
    # The Google account is free again: signing in with it registers a new reader.
    newcomer = browser(app)
    again = development_sign_in(newcomer, sub="g-ada", email=EMAIL)
    assert (again["action"], again["identifier"]) == ("register", EMAIL)
    registered = register_with(newcomer, again)
    assert registered.status_code == 200, registered.text
    assert registered.json()["tracking_id"] != tracking_id


def test_without_a_confirmation_nothing_is_deleted(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    assert _refused(_delete_with(client), 400, "confirmation-required") == AGAIN
    assert user_row(runtime) is not None
    assert client.get("/blaize/account").status_code == 200


def test_a_confirmation_expires_after_five_minutes(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    _confirmed(client)
    clock.advance(timedelta(minutes=5, seconds=1))
    assert _refused(_delete_with(client), 400, "confirmation-required") == AGAIN
    assert user_row(runtime) is not None


def test_a_confirmation_just_in_time_is_taken(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    _confirmed(client)
    clock.advance(timedelta(minutes=4, seconds=59))
    assert _delete_with(client).status_code == 200
    assert user_row(runtime) is None


def test_a_confirmation_works_once(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    sandbox = setup(runtime)
    joined = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert joined.status_code == 200, joined.text
    faulty = install(runtime, runtime.payment_gateway)
    faulty.fail("cancel_subscription", unavailable())
    _confirmed(client)
    _refused(_delete_with(client), 503, "payment-unavailable")  # spent all the same

    faulty.heal()
    assert _refused(_delete_with(client), 400, "confirmation-required") == AGAIN
    assert user_row(runtime) is not None
    _confirmed(client)  # a new confirmation goes on
    assert _delete_with(client).status_code == 200
    assert user_row(runtime) is None


def test_a_confirmation_from_another_browser_is_refused(
    app: FastAPI, client: TestClient, runtime: Runtime
) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    phone = browser(app)  # the same reader, signed in on another device
    assert development_sign_in(phone, sub="g-ada", email=EMAIL)["action"] == "login"
    _confirmed(phone)

    assert _refused(_delete_with(client), 400, "confirmation-required") == AGAIN
    assert user_row(runtime) is not None
    assert _delete_with(phone).status_code == 200  # where it was made, it works


def test_a_confirmation_with_another_provider_does_not_count(
    client: TestClient, runtime: Runtime
) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    _confirmed(client)
    message = _refused(_delete_with(client, "apple"), 400, "confirmation-required")
    assert message.startswith("Please confirm with Apple again")
    assert user_row(runtime) is not None


def test_a_refused_confirmation_does_not_count(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    assert confirm_with(client, sub="g-someone-else")["action"] == "error"
    _refused(_delete_with(client), 400, "confirmation-required")
    assert user_row(runtime) is not None


def test_both_or_neither_validators_are_refused(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    _confirmed(client)
    for validators in ({}, {"password": "Masthead-Demo-1", "provider": "google"}):
        answer = client.post(DELETE, json={"validators": validators})
        message = _refused(answer, 400, "bad-request")
        assert message == (
            "Confirm with your password or with your provider: send validators.password or "
            "validators.provider (google, facebook or apple), one of the two."
        )
    assert user_row(runtime) is not None
    assert _delete_with(client).status_code == 200  # the confirmation was not spent by them


def test_no_password_points_to_the_provider(client: TestClient, runtime: Runtime) -> None:
    social_reader(client, sub="g-ada", email=EMAIL)
    message = _refused(delete(client, "a-guess"), 400, "password-not-set")
    assert message == "Your account has no password. Please confirm with Google instead."
    assert user_row(runtime) is not None


def test_a_password_account_is_as_before(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    assert client.get(OPTIONS).json() == {"password": True, "providers": []}
    _refused(delete(client, "Not-My-Password-9"), 400, "bad-credentials")
    _refused(_delete_with(client), 400, "confirmation-required")
    assert delete(client).status_code == 200
    assert user_row(runtime) is None
    assert login(client, EMAIL).status_code == 404


def test_the_limits_hold_for_the_provider_too(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.rate_limit_per_account = 2
    social_reader(client, sub="g-ada", email=EMAIL)
    for _ in range(2):
        _refused(_delete_with(client), 400, "confirmation-required")
    _confirmed(client)
    _refused(_delete_with(client), 429, "too-many-requests")  # even a confirmed one, now
    assert user_row(runtime) is not None


def test_signed_out_options_are_refused(client: TestClient) -> None:
    _refused(client.get(OPTIONS), 401, "unauthorized")
