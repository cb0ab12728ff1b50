"""Shared steps for the sign-on and writing tests: readers signed in to Masthead through the
API, then to the comments through the whole single sign-on hand-over, and the calls they make."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response

from masthead.comments.models import CommentBan, CommentSiteSettings
from masthead.deps import Runtime
from masthead.moderation.models import ModerationWord
from tests.comments.helpers import MAIN_SPOT
from tests.identity.helpers import login, register

TEST_ORIGIN = "http://testserver"  # as tests/conftest.py
START, SSO, COMPLETE = (
    "/comments/v1/sso/start",
    "/plugins/public/openweb-v2/sso",
    "/comments/v1/sso/complete",
)
LOGOUT, ME, MESSAGES = "/comments/v1/logout", "/comments/v1/me", "/comments/v1/messages"
THREAD = "/comments/v1/thread"
RALLY, JETS = 3101, 3102  # demo stories of the main brand (articles/demo_content.py)
GOSSIP_STORY = 3201  # a story of the gossip brand: its spot is GOSSIP_SPOT


def browser(app: FastAPI) -> TestClient:
    """Another browser: its own cookies."""
    return TestClient(app, base_url=TEST_ORIGIN)


def masthead_sign_in(client: TestClient, email: str, **profile: str) -> None:
    """Register (once) and log in: the client holds the Masthead session cookie."""
    register(client, email, **(profile or {"full-name": "Ada Lovelace"}))
    answer = login(client, email)
    assert answer.status_code == 200, answer.text


def code_a(client: TestClient) -> str:
    answer = client.post(START)
    assert answer.status_code == 200, answer.text
    code: str = answer.json()["code_a"]
    return code


def code_b(client: TestClient, code: str) -> str:
    answer = client.post(SSO, json={"code_a": code, "user_name": "Ada"})
    assert answer.status_code == 200, answer.text
    code_b: str = answer.json()["codeB"]
    return code_b


def comments_sign_in(client: TestClient) -> dict[str, Any]:
    """The whole hand-over for a client signed in to Masthead: the commenter it answers."""
    answer = client.post(COMPLETE, json={"codeB": code_b(client, code_a(client))})
    assert answer.status_code == 200, answer.text
    commenter: dict[str, Any] = answer.json()["commenter"]
    return commenter


def commenter(app: FastAPI, email: str, **profile: str) -> TestClient:
    """A new browser signed in to Masthead and to the comments as a new reader."""
    client = browser(app)
    masthead_sign_in(client, email, **profile)
    comments_sign_in(client)
    return client


def me(client: TestClient, post_id: int = RALLY, spot_id: str = MAIN_SPOT) -> dict[str, Any]:
    answer = client.get(ME, params={"spot_id": spot_id, "post_id": post_id})
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    state: dict[str, Any] = answer.json()
    return state


def post(
    client: TestClient,
    body: str,
    *,
    post_id: int = RALLY,
    spot_id: str = MAIN_SPOT,
    parent_id: int | None = None,
) -> Response:
    return client.post(
        MESSAGES,
        json={"spot_id": spot_id, "post_id": post_id, "parent_id": parent_id, "body": body},
    )


def posted(client: TestClient, body: str, **where: Any) -> dict[str, Any]:
    answer = post(client, body, **where)
    assert answer.status_code == 201, answer.text
    written: dict[str, Any] = answer.json()
    return written


def refusal(answer: Response, status: int, kind: str) -> str:
    """The message of a refusal of this status and type."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["type"] == kind, body
    message: str = body["message"]
    return message


def thread(client: TestClient, post_id: int = RALLY, **query: str) -> dict[str, Any]:
    answer = client.get(THREAD, params={"spot_id": MAIN_SPOT, "post_id": post_id, **query})
    assert answer.status_code == 200, answer.text
    page: dict[str, Any] = answer.json()
    return page


def site_rules(
    runtime: Runtime, who_may_comment: str, premoderation: str, spot: str = MAIN_SPOT
) -> None:
    with runtime.sessions.begin() as db:
        row = db.get(CommentSiteSettings, spot)
        if row is None:
            db.add(
                CommentSiteSettings(
                    spot_id=spot,
                    who_may_comment=who_may_comment,
                    premoderation=premoderation,
                    updated_at=runtime.clock.now(),
                )
            )
        else:
            row.who_may_comment, row.premoderation = who_may_comment, premoderation


def ban(runtime: Runtime, user_id: int, expires_at: datetime | None = None) -> None:
    with runtime.sessions.begin() as db:
        db.add(CommentBan(user_id=user_id, created_at=runtime.clock.now(), expires_at=expires_at))


def suspect(runtime: Runtime, word: str) -> None:
    with runtime.sessions.begin() as db:
        db.add(ModerationWord(list="suspect", word=word, created_at=runtime.clock.now()))


def banned_word(runtime: Runtime, word: str) -> None:
    with runtime.sessions.begin() as db:
        db.add(ModerationWord(list="banned", word=word, created_at=runtime.clock.now()))


def user_id_of(runtime: Runtime, email: str) -> int:
    from masthead.identity.api import user_by_email

    with runtime.sessions() as db:
        user = user_by_email(db, email)
        assert user is not None
        return user.id


LONG_AGO = datetime(2000, 1, 1, tzinfo=UTC)
