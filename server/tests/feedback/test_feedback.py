"""Feedback: stored, mailed to staff exactly once, refused without a session, a nonce or
words, limited; in the reader's data file, and gone with the account."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from masthead.deps import Runtime
from masthead.feedback.models import FeedbackMessage
from masthead.jobs.runner import drain_once
from tests.identity.helpers import mails_to, register
from tests.reader_data.helpers import delete

FEEDBACK = "/wp-json/nyp-membership/v1/feedback"
STAFF = "support@masthead.local"
EMAIL = "writer@example.com"


def _send(client: TestClient, **body: object) -> object:
    return client.post(FEEDBACK, json={"topic": "newsletters", "message": "More sport!", **body})


def _stored(runtime: Runtime) -> list[FeedbackMessage]:
    with runtime.sessions() as db:
        return list(db.scalars(select(FeedbackMessage).order_by(FeedbackMessage.id)))


def test_feedback_is_kept_and_mailed_to_staff_once(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    answer = client.post(
        FEEDBACK,
        json={"topic": "newsletters", "message": "  More sport, please!  ", "may_reply": True},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"message": "Thank you for your feedback. It has reached our team."}
    [row] = _stored(runtime)
    assert (row.email, row.topic, row.message, row.may_reply, row.brand) == (
        EMAIL,
        "newsletters",
        "More sport, please!",
        True,
        "main",
    )
    [mail] = mails_to(runtime, STAFF)
    assert mail.subject == "Reader feedback: Newsletters"
    assert "More sport, please!" in mail.text
    assert f"The reader agreed to a reply: write to {EMAIL}." in mail.text
    drain_once(runtime)  # a second pass of the worker sends nothing more
    assert len(mails_to(runtime, STAFF)) == 1


def test_without_consent_the_mail_does_not_name_the_address(
    client: TestClient, runtime: Runtime
) -> None:
    register(client, EMAIL)
    assert _send(client).status_code == 200  # type: ignore[attr-defined]
    [mail] = mails_to(runtime, STAFF)
    assert EMAIL not in mail.text
    assert "did not ask for a reply" in mail.text


def test_refusals_keep_nothing(client: TestClient, runtime: Runtime) -> None:
    signed_out = _send(client)
    assert signed_out.status_code == 401  # type: ignore[attr-defined]
    register(client, EMAIL)
    blank = _send(client, message="   ")
    assert blank.status_code == 400  # type: ignore[attr-defined]
    assert blank.json() == {"type": "bad-request", "message": "Please write your message."}  # type: ignore[attr-defined]
    too_long = _send(client, message="x" * 4001)
    assert too_long.status_code == 400  # type: ignore[attr-defined]
    unknown = _send(client, topic="praise")
    assert unknown.status_code == 400  # type: ignore[attr-defined]
    no_nonce = client.post(
        FEEDBACK, json={"topic": "other", "message": "hi"}, headers={"X-WP-Nonce": ""}
    )
    assert no_nonce.status_code == 403
    assert _stored(runtime) == []
    assert mails_to(runtime, STAFF) == []


def test_feedback_is_limited_per_reader(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.feedback_per_reader = 2
    register(client, EMAIL)
    assert _send(client).status_code == 200  # type: ignore[attr-defined]
    assert _send(client).status_code == 200  # type: ignore[attr-defined]
    refused = _send(client)
    assert refused.status_code == 429  # type: ignore[attr-defined]
    assert len(_stored(runtime)) == 2


def test_the_brand_is_the_site_written_from(client: TestClient, runtime: Runtime) -> None:
    register(client, EMAIL)
    client.post(
        FEEDBACK,
        json={"topic": "website", "message": "Nice"},
        headers={"Host": "gossip.localhost"},
    )
    assert [row.brand for row in _stored(runtime)] == ["gossip"]


def test_the_data_file_lists_feedback_and_deletion_erases_it(
    client: TestClient, runtime: Runtime
) -> None:
    register(client, EMAIL)
    _send(client, may_reply=True)
    data = client.get("/blaize/users/data").json()
    assert [(f["topic"], f["message"], f["may_reply"]) for f in data["feedback"]] == [
        ("newsletters", "More sport!", True)
    ]
    assert delete(client).status_code == 200
    with runtime.sessions() as db:
        assert db.scalar(select(func.count()).select_from(FeedbackMessage)) == 0
