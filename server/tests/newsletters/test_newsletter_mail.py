"""The welcome mail of each list a reader joins: once per list, with List-Unsubscribe and
List-Unsubscribe-Post (RFC 8058) and the signed preferences link; transactional mail without."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.mail.delivery import build_message
from masthead.mail.service import send_mail
from tests.billing.api_helpers import sign_in
from tests.newsletters.helpers import EMAIL, call, ok, seed
from tests.newsletters.mail_helpers import delivered, preferences_token, unsubscribe_path, welcome


def test_joining_a_list_mails_a_welcome_with_the_unsubscribe_headers(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=f"{ids['main-morning']},{ids['life-food']}"))

    message = welcome(runtime, "Morning Report")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    header = str(message["List-Unsubscribe"])
    assert header.startswith("<http://testserver/newsletters/unsubscribe/u1.")
    assert "mailto:" not in header
    assert message["List-Id"] == "<main-morning.testserver>"
    text = message.get_content()
    assert "Hello Ada," in text and "The day's top stories before breakfast." in text
    assert preferences_token(message).startswith("p1.")
    # Each list its own mail and its own key.
    food = welcome(runtime, "Food & Drink")
    assert unsubscribe_path(food) != unsubscribe_path(message)


def test_the_welcome_goes_once_per_list_even_after_leaving_and_joining_again(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    morning = str(ids["main-morning"])
    ok(call(client, runtime, "update", subscribe=morning))
    ok(call(client, runtime, "update", subscribe=morning))  # already on it: nothing new
    ok(call(client, runtime, "update", unsubscribe=morning))
    ok(call(client, runtime, "update", subscribe=morning))
    subjects = [m.subject for m in delivered(runtime)]
    assert subjects.count("You're on Morning Report") == 1


def test_a_refused_join_sends_no_welcome(client: TestClient, runtime: Runtime) -> None:
    ids = seed(runtime)
    sign_in(client)
    refused = call(
        client, runtime, "update", subscribe=f"{ids['main-morning']},{ids['member-insider']}"
    )
    assert refused.status_code == 403
    assert not [m for m in delivered(runtime) if m.subject.startswith("You're on")]


def test_transactional_mail_carries_no_list_headers(client: TestClient, runtime: Runtime) -> None:
    sign_in(client)  # the account's own welcome and verification mail
    reset = client.post("/blaize/users/reset", json={"identifiers": {"email_address": EMAIL}})
    assert reset.status_code == 201, reset.text
    mails = delivered(runtime)
    assert len(mails) >= 2, [m.subject for m in mails]
    for mail in mails:
        assert mail.headers == {}, mail.subject


def test_smtp_messages_carry_the_headers_as_real_headers(runtime: Runtime) -> None:
    headers = {
        "List-Unsubscribe": "<https://news.example/newsletters/unsubscribe/u1.1.2.abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    built = build_message(
        runtime.settings,
        to=EMAIL,
        subject="You're on Morning Report",
        text="Hello",
        html="<p>Hello</p>",
        at=runtime.clock.now(),
        headers=headers,
    )
    parsed = message_from_bytes(built.as_bytes(), policy=policy.default)
    assert parsed["List-Unsubscribe"] == headers["List-Unsubscribe"]
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    plain = build_message(
        runtime.settings, to=EMAIL, subject="Reset", text="x", at=runtime.clock.now()
    )
    assert plain["List-Unsubscribe"] is None


@pytest.mark.parametrize(
    "headers",
    [{"Bcc": "someone@example.com"}, {"List-Unsubscribe": "<https://x>\r\nBcc: a@example.com"}],
)
def test_only_list_headers_on_one_line_may_be_added(
    runtime: Runtime, headers: dict[str, str]
) -> None:
    with runtime.sessions() as db, pytest.raises(ValueError):
        send_mail(db, runtime.clock, to=EMAIL, subject="s", text="t", headers=headers)


def test_the_dev_mailbox_shows_the_headers_and_offers_the_unsubscribe_button(
    client: TestClient, runtime: Runtime
) -> None:
    ids = seed(runtime)
    sign_in(client)
    ok(call(client, runtime, "update", subscribe=str(ids["main-morning"])))
    path = unsubscribe_path(welcome(runtime, "Morning Report"))
    entry = next(
        m
        for m in client.get("/dev/mailbox.json", params={"to": EMAIL}).json()
        if m["subject"] == "You're on Morning Report"
    )
    assert entry["headers"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    page = client.get(f"/dev/mailbox/{entry['id']}").text
    assert "<dt>List-Unsubscribe</dt>" in page
    assert f'<form method="post" action="http://testserver{path}">' in page
    assert '<input type="hidden" name="List-Unsubscribe" value="One-Click">' in page
    # Transactional mail offers no button.
    other = next(m for m in client.get("/dev/mailbox.json").json() if not m["headers"])
    assert "<form" not in client.get(f"/dev/mailbox/{other['id']}").text
