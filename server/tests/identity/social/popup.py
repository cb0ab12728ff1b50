"""Steps of a social sign-in popup, as the browser takes them, for the tests."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi.testclient import TestClient

OPENER_STATE = "opener-state-0123456789"


def start(
    client: TestClient, provider: str = "google", opener: str = OPENER_STATE, purpose: str = ""
) -> str:
    """Open the popup; the address it is sent on to."""
    params = {"state": opener} | ({"purpose": purpose} if purpose else {})
    response = client.get(f"/blaize/oauth/{provider}", params=params, follow_redirects=False)
    assert response.status_code == 302, response.text
    return response.headers["location"]


def state_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["state"][0]


def development_sign_in(
    client: TestClient,
    provider: str = "google",
    *,
    sub: str = "",
    email: str = "",
    verified: bool = True,
    first: str = "",
    last: str = "",
    state: str | None = None,
) -> dict[str, Any]:
    """The whole popup through the development provider: the message it posts."""
    page = start(client, provider)
    assert client.get(page).status_code == 200
    form = {"state": state or state_of(page), "sub": sub, "email": email}
    form |= {"first_name": first, "last_name": last}
    if verified:
        form["email_verified"] = "true"
    return posted_message(client.post(f"/blaize/oauth/{provider}/callback", data=form).text)


def posted_message(page: str) -> dict[str, Any]:
    """The message the final page posts to its opener, and the origin it posts to."""
    message = re.search(r'data-message="([^"]*)"', page)
    target = re.search(r'data-target="([^"]*)"', page)
    assert message and target, page
    return {**json.loads(html.unescape(message.group(1))), "_target": target.group(1)}


def register_with(client: TestClient, message: dict[str, Any], **attributes: Any) -> Any:
    provider = message["provider"]
    return client.post(
        "/blaize/register",
        json={
            "identifiers": {"email_address": message["identifier"]},
            "validators": {"token_exchange": message["stateKey"]},
            "attributes": {"sso-user": True, f"{provider}-authenticated": True, **attributes},
        },
    )


def confirm_with(
    client: TestClient, provider: str = "google", *, sub: str, email: str = ""
) -> dict[str, Any]:
    """A signed-in reader's confirm popup through the development provider: its message."""
    page = start(client, provider, purpose="confirm")
    assert client.get(page).status_code == 200
    form = {"state": state_of(page), "sub": sub, "email": email, "email_verified": "true"}
    return posted_message(client.post(f"/blaize/oauth/{provider}/callback", data=form).text)


def social_reader(client: TestClient, provider: str = "google", *, sub: str, email: str) -> str:
    """A reader registered with the provider (no password), signed in on `client`: their
    tracking id."""
    message = development_sign_in(client, provider, sub=sub, email=email)
    assert message["action"] == "register", message
    answer = register_with(client, message)
    assert answer.status_code == 200, answer.text
    tracking_id: str = answer.json()["tracking_id"]
    return tracking_id
