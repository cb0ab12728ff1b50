"""Shared steps of the reader's-data tests: a reader with something of everything (two
sessions, a paid membership and its card, a published comment and a vote, a place in the
referral programme), and the two calls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.deps import Runtime
from masthead.identity.models import User
from tests.billing.api_helpers import nonce, setup, subscribe
from tests.comments.writing_helpers import (
    browser,
    commenter,
    comments_sign_in,
    posted,
    site_rules,
)
from tests.identity.helpers import PASSWORD, login, register
from tests.referrals.helpers import auth, token, upsert
from tests.referrals.helpers import seed as seed_referrals
from tests.site.stories import seed as seed_stories

EMAIL = "ada@example.com"
DATA = "/blaize/users/data"
DELETE = "/blaize/users/delete/"


@dataclass
class Reader:
    client: TestClient
    tracking_id: str
    subscription_id: str
    comment_id: int


def full_reader(app: FastAPI, runtime: Runtime, client: TestClient) -> Reader:
    """Ada, signed in on `client`, with a membership, a comment, a vote and referrals."""
    sandbox = setup(runtime)
    seed_stories(runtime)
    seed_referrals(runtime)
    site_rules(runtime, "signed-in", "none")  # published at once: the thread shows it
    answer = register(client, EMAIL, **{"full-name": "Ada Lovelace", "first-name": "Ada"})
    assert answer.status_code == 200, answer.text
    tracking_id: str = answer.json()["tracking_id"]
    phone = browser(app)  # a second session, on another device
    assert login(phone, EMAIL).status_code == 200

    joined = subscribe(client, "sports-monthly", nonce(sandbox), skip_trial_period=True)
    assert joined.status_code == 200, joined.text

    comments_sign_in(client)
    mine = posted(client, "The rally was splendid.")
    other = commenter(app, "grace@example.com", **{"full-name": "Grace Hopper"})
    theirs = posted(other, "I agree with the first comment.")
    voted = client.put(f"/comments/v1/messages/{theirs['comment']['id']}/vote", json={"vote": 1})
    assert voted.status_code == 200, voted.text

    headers = auth(token(tracking_id, tracking_id))
    joined_programme = upsert(
        client, tracking_id, tracking_id, headers=headers, email=EMAIL, firstName="Ada"
    )
    assert joined_programme.status_code == 200, joined_programme.text
    return Reader(client, tracking_id, joined.json()["grant_id"], int(mine["comment"]["id"]))


def delete(client: TestClient, password: str = PASSWORD, **headers: str) -> Any:
    return client.post(DELETE, json={"validators": {"password": password}}, headers=headers)


def user_row(runtime: Runtime, email: str = EMAIL) -> User | None:
    with runtime.sessions() as db:
        return db.scalars(select(User).where(User.email == email)).first()
