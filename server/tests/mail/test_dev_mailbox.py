"""Mail goes through the outbox to the dev mailbox, and the mailbox pages show it safely."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.jobs import repository as runner_repository
from masthead.jobs.runner import drain_once, lease_of
from masthead.mail.models import DeliveredMail
from masthead.mail.pages import linkify
from masthead.mail.service import send_mail
from masthead.settings import Settings

RESET_TEXT = (
    "Hello <b>reader</b> & co.\n"
    "Choose a new password: https://testserver/account/reset?token=a1&next=/x.\n"
    "<script>alert(1)</script>"
)


def _send(runtime: Runtime, clock: FrozenClock, to: str, subject: str, text: str) -> None:
    with runtime.sessions.begin() as db:
        send_mail(db, clock, to=to, subject=subject, text=text)


def _mailbox_size(runtime: Runtime) -> int:
    with runtime.sessions() as db:
        return db.scalar(select(func.count()).select_from(DeliveredMail)) or 0


def test_committed_mail_is_delivered_and_shown(
    runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    _send(runtime, clock, "Reader@Example.com", "Reset <your> password", RESET_TEXT)
    assert _mailbox_size(runtime) == 0  # nothing is sent until the outbox is drained

    assert drain_once(runtime) == 1

    listed = client.get("/dev/mailbox.json", params={"to": "reader@example.COM"})
    assert listed.status_code == 200
    [entry] = listed.json()
    assert entry["to"] == "Reader@Example.com"
    assert entry["subject"] == "Reset <your> password"
    assert entry["text"] == RESET_TEXT
    assert datetime.fromisoformat(entry["delivered_at"]) == clock.now()

    page = client.get("/dev/mailbox")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in page.text
    assert "<title>Dev mailbox</title>" in page.text
    assert "<h1>Dev mailbox</h1>" in page.text
    assert f'<a href="/dev/mailbox/{entry["id"]}">Reset &lt;your&gt; password</a>' in page.text
    assert "Reader@Example.com" in page.text
    assert "2026-11-22 12:00:00 UTC" in page.text

    message = client.get(f"/dev/mailbox/{entry['id']}")
    assert message.status_code == 200
    assert "<h1>Reset &lt;your&gt; password</h1>" in message.text
    assert "Reader@Example.com" in message.text
    url = "https://testserver/account/reset?token=a1&amp;next=/x"
    assert f'<a href="{url}">{url}</a>.' in message.text
    assert "Hello &lt;b&gt;reader&lt;/b&gt; &amp; co." in message.text
    assert "<script>" not in message.text
    assert "script-src" not in message.headers["content-security-policy"]


def test_mail_in_a_rolled_back_transaction_is_never_delivered(
    runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    with runtime.sessions() as db:
        send_mail(db, clock, to="reader@example.com", subject="Welcome", text="Hi")
        db.flush()
        db.rollback()

    assert drain_once(runtime) == 0
    assert _mailbox_size(runtime) == 0
    assert client.get("/dev/mailbox.json").json() == []
    assert "No mail yet." in client.get("/dev/mailbox").text


def test_json_lists_newest_first_and_filters_by_recipient(
    runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    for to, subject in [("a@example.com", "first"), ("b@example.com", "second")]:
        _send(runtime, clock, to, subject, "text")
        drain_once(runtime)
        clock.advance(timedelta(minutes=1))
    _send(runtime, clock, "A@example.com", "third", "text")
    drain_once(runtime)

    everything = client.get("/dev/mailbox.json").json()
    assert [m["subject"] for m in everything] == ["third", "second", "first"]
    for_a = client.get("/dev/mailbox.json", params={"to": "a@EXAMPLE.com"}).json()
    assert [m["subject"] for m in for_a] == ["third", "first"]
    assert client.get("/dev/mailbox.json", params={"limit": 1}).json()[0]["subject"] == "third"
    page = client.get("/dev/mailbox").text
    assert page.index(">third<") < page.index(">second<") < page.index(">first<")


def test_unknown_message_is_a_json_404(client: TestClient) -> None:
    response = client.get("/dev/mailbox/999999")
    assert response.status_code == 404
    assert response.json()["type"] == "not-found"


def test_mailbox_is_absent_when_mail_goes_by_smtp(settings: Settings, clock: FrozenClock) -> None:
    app = create_app(settings.model_copy(update={"mail_backend": "smtp"}), clock)
    with TestClient(app) as client:
        assert client.get("/dev/mailbox.json").status_code == 404
    app.state.runtime.engine.dispose()


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("no links", "no links"),
        ("<i>&", "&lt;i&gt;&amp;"),
        ("go to http://a.test/x.", 'go to <a href="http://a.test/x">http://a.test/x</a>.'),
        ("(see https://a.test/p)", '(see <a href="https://a.test/p">https://a.test/p</a>)'),
        ("https://a.test/w_(x)", '<a href="https://a.test/w_(x)">https://a.test/w_(x)</a>'),
        ('HTTPS://a.test/"x', '<a href="HTTPS://a.test/">HTTPS://a.test/</a>&quot;x'),
        (
            "https://a.test/?a=1&b=<2>",
            '<a href="https://a.test/?a=1&amp;b=">https://a.test/?a=1&amp;b=</a>&lt;2&gt;',
        ),
        ("javascript:alert(1)", "javascript:alert(1)"),
        ("ftp://a.test/f", "ftp://a.test/f"),
        ("a\nhttp://a.test\nb", 'a\n<a href="http://a.test">http://a.test</a>\nb'),
    ],
)
def test_linkify_escapes_text_and_links_only_http_urls(text: str, html: str) -> None:
    assert linkify(text) == html


def test_the_dev_mailbox_keeps_a_mail_delivered_again_once(
    runtime: Runtime, clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    _send(runtime, clock, "reader@example.com", "Your receipt", "Thanks")
    original = runner_repository.mark_done
    calls = {"n": 0}

    def dies_once(*args: Any, **kwargs: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 1:
            raise ConnectionError("the worker was killed here")
        original(*args, **kwargs)

    monkeypatch.setattr(runner_repository, "mark_done", dies_once)
    with pytest.raises(ConnectionError):
        drain_once(runtime)
    clock.advance(lease_of(runtime))
    assert drain_once(runtime) == 1
    assert _mailbox_size(runtime) == 1
