"""Issue 11, item 8: the email-change link is a password check a stolen session can reach.

Asking for links and confirming them are rate limited per account and per address, and a
few wrong passwords burn a link: it stops working, and the reader is told so.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.email_change import EMAIL_CHANGE_BURNED
from masthead.models import Base
from masthead.settings import Settings
from tests.identity.helpers import PASSWORD, link_token, mails_to, register

WRONG = "Not-My-Password-7"


@contextmanager
def limited(settings: Settings, clock: FrozenClock, **limits: int) -> Iterator[TestClient]:
    """A client of an application with the given rate limits, leaving an empty database."""
    app = create_app(settings.model_copy(update=limits), clock)
    try:
        with TestClient(app, base_url="http://testserver") as client:
            yield client
    finally:
        with app.state.runtime.engine.begin() as conn:
            for table in reversed(Base.metadata.sorted_tables):
                conn.execute(table.delete())
        app.state.runtime.engine.dispose()


def ask(client: TestClient, new_email: str) -> Any:
    return client.post(
        "/blaize/users/update-email/", json={"new_identifiers": {"email_address": new_email}}
    )


def confirm(client: TestClient, token: str, password: str) -> Any:
    return client.post(
        f"/blaize/users/update-email/{token}", json={"validators": {"password": password}}
    )


def new_link(client: TestClient, runtime: Runtime, new_email: str) -> str:
    assert ask(client, new_email).status_code == 200
    return link_token(mails_to(runtime, new_email)[-1])


def assert_too_many(response: Any) -> None:
    assert response.status_code == 429
    assert response.json()["type"] == "too-many-requests"
    assert response.json()["message"].startswith("Too many attempts. Please wait")
    assert int(response.headers["Retry-After"]) > 0


def test_three_wrong_passwords_burn_the_link(client: TestClient, runtime: Runtime) -> None:
    register(client, "owner@example.com")
    token = new_link(client, runtime, "thief@example.com")

    for _ in range(2):
        wrong = confirm(client, token, WRONG)
        assert wrong.status_code == 401
        assert wrong.json() == {
            "type": "invalid-password",
            "message": "Your password is incorrect.",
        }
    burnt = confirm(client, token, WRONG)
    assert burnt.status_code == 410
    assert burnt.json() == {"type": "too-many-wrong-passwords", "message": EMAIL_CHANGE_BURNED}

    # The right password no longer helps: the link is dead, and says why.
    late = confirm(client, token, PASSWORD)
    assert late.status_code == 410
    assert late.json() == {"type": "too-many-wrong-passwords", "message": EMAIL_CHANGE_BURNED}
    account = client.get("/blaize/account").json()
    assert account["identifiers"]["email_address"] == "owner@example.com"
    stopped = [m for m in mails_to(runtime, "owner@example.com") if "stopped" in m.subject]
    assert len(stopped) == 1
    assert "thief@example.com" in stopped[0].text

    # The reader can ask for a new link, which works.
    fresh = new_link(client, runtime, "thief@example.com")
    assert confirm(client, fresh, PASSWORD).status_code == 200
    account = client.get("/blaize/account").json()
    assert account["identifiers"]["email_address"] == "thief@example.com"


def test_a_right_password_before_the_limit_still_works(
    client: TestClient, runtime: Runtime
) -> None:
    register(client, "typo@example.com")
    token = new_link(client, runtime, "typo-new@example.com")
    for _ in range(2):
        assert confirm(client, token, WRONG).status_code == 401
    assert confirm(client, token, PASSWORD).status_code == 200


def test_confirming_is_limited_per_account_across_links(
    settings: Settings, clock: FrozenClock
) -> None:
    with limited(settings, clock, rate_limit_per_account=4, rate_limit_per_address=1000) as c:
        runtime: Runtime = c.app.state.runtime  # type: ignore[attr-defined]
        register(c, "guessed@example.com")
        first = new_link(c, runtime, "guesser@example.com")
        assert [confirm(c, first, WRONG).status_code for _ in range(3)] == [401, 401, 410]
        # A new link is a new count on the link, not on the account.
        second = new_link(c, runtime, "guesser@example.com")
        assert confirm(c, second, WRONG).status_code == 401
        assert_too_many(confirm(c, second, PASSWORD))
        # Another account on the same address is not held back by this one's guesses.
        other = TestClient(c.app, base_url="http://testserver")
        register(other, "bystander@example.com")
        own = new_link(other, runtime, "bystander-new@example.com")
        assert confirm(other, own, PASSWORD).status_code == 200


def test_confirming_is_limited_per_address(settings: Settings, clock: FrozenClock) -> None:
    with limited(settings, clock, rate_limit_per_account=1000, rate_limit_per_address=3) as c:
        for attempt in range(3):
            assert confirm(c, f"no-such-link-{attempt}", PASSWORD).status_code == 404
        assert_too_many(confirm(c, "no-such-link-4", PASSWORD))


def test_asking_for_links_is_limited_per_account(settings: Settings, clock: FrozenClock) -> None:
    with limited(settings, clock, rate_limit_per_account=2, rate_limit_per_address=1000) as c:
        register(c, "asker@example.com")
        assert ask(c, "one@example.com").status_code == 200
        assert ask(c, "two@example.com").status_code == 200
        assert_too_many(ask(c, "three@example.com"))
        runtime: Runtime = c.app.state.runtime  # type: ignore[attr-defined]
        assert mails_to(runtime, "three@example.com") == []  # nothing mailed when refused

        other = TestClient(c.app, base_url="http://testserver")
        register(other, "other-asker@example.com")
        assert ask(other, "four@example.com").status_code == 200


def test_asking_for_links_is_limited_per_address(settings: Settings, clock: FrozenClock) -> None:
    with limited(settings, clock, rate_limit_per_account=1000, rate_limit_per_address=2) as c:
        register(c, "first-asker@example.com")
        assert ask(c, "a@example.com").status_code == 200
        other = TestClient(c.app, base_url="http://testserver")
        register(other, "second-asker@example.com")
        assert ask(other, "b@example.com").status_code == 200
        assert_too_many(ask(other, "c@example.com"))


def test_changing_the_password_is_limited_per_address(
    settings: Settings, clock: FrozenClock
) -> None:
    """Guessing the current password across several stolen sessions meets the address limit."""

    def change(client: TestClient) -> Any:
        return client.post(
            "/blaize/users/change-password/",
            json={
                "current_validators": {"password": WRONG},
                "new_validators": {"password": "Brand-New-Pass-2"},
            },
        )

    with limited(settings, clock, rate_limit_per_account=1000, rate_limit_per_address=2) as c:
        register(c, "victim-one@example.com")
        assert change(c).status_code == 403
        other = TestClient(c.app, base_url="http://testserver")
        register(other, "victim-two@example.com")
        assert change(other).status_code == 403
        assert_too_many(change(other))
