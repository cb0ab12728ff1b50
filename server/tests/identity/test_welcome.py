"""The welcome mail of a new account: links to the account settings and the membership page,
sent once, and with email verification on only after the address is proven."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.jobs.models import OutboxJob
from tests.identity.helpers import login, mails_to, register

WELCOME = "Welcome to Masthead"


def test_registering_mails_a_welcome_with_the_account_links(
    client: TestClient, runtime: Runtime
) -> None:
    assert register(client, "new@example.com", **{"first-name": "Grace"}).status_code == 200
    [mail] = mails_to(runtime, "new@example.com")
    assert mail.subject == WELCOME
    assert mail.text.startswith("Hello Grace,")
    assert "Your account settings: http://testserver/account/settings\n" in mail.text
    assert "http://testserver/account/settings/membership" in mail.text


def test_with_verification_the_welcome_follows_the_proven_address_once(
    client: TestClient, runtime: Runtime
) -> None:
    runtime.settings.require_email_verification = True
    assert register(client, "new@example.com").status_code == 200
    [verification] = mails_to(runtime, "new@example.com")  # the one task first, alone
    assert verification.subject == "Please verify your email address"

    path = verification.text.split("http://testserver", 1)[1].split()[0]
    assert client.get(path, follow_redirects=False).status_code == 303
    assert login(client, "new@example.com").status_code == 200
    assert [m.subject for m in mails_to(runtime, "new@example.com")] == [
        "Please verify your email address",
        WELCOME,
    ]
    client.get(path, follow_redirects=False)  # the used link again: no second welcome
    assert len(mails_to(runtime, "new@example.com")) == 2


def test_the_welcome_has_an_html_part_with_the_same_link(
    client: TestClient, runtime: Runtime
) -> None:
    register(client, "new@example.com")
    with runtime.sessions() as db:
        [job] = db.scalars(select(OutboxJob)).all()
        html = str(job.payload["html"])
    assert '<a href="http://testserver/account/settings"' in html
    assert "Hello Ada," in html
