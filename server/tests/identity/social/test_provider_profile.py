"""GET and PUT /blaize/profile/{provider}: the provider's name parts (spec section 7)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.identity.helpers import register
from tests.identity.social.popup import development_sign_in, register_with


def test_put_updates_the_providers_name_parts(client: TestClient) -> None:
    message = development_sign_in(client, "facebook", sub="f-1", email="f@example.com")
    register_with(client, message, **{"first-name": "Fay"})
    response = client.put("/blaize/profile/_facebook", json={"last-name": "  Wray "})
    assert response.status_code == 200
    assert response.json() == {"first-name": "", "last-name": "Wray", "full-name": "Wray"}
    assert client.get("/blaize/profile/_facebook").json()["last-name"] == "Wray"


def test_a_provider_not_linked_is_404(client: TestClient) -> None:
    register(client, "plain@example.com")
    response = client.get("/blaize/profile/_apple")
    assert response.status_code == 404
    assert response.json() == {
        "type": "not-linked",
        "message": "Your account is not linked to Apple.",
    }
    assert client.put("/blaize/profile/_apple", json={}).status_code == 404


def test_signed_out_is_401(client: TestClient) -> None:
    assert client.get("/blaize/profile/_google").status_code == 401
    assert client.put("/blaize/profile/_google", json={"first-name": "X"}).status_code == 401


def test_too_long_a_name_is_refused(client: TestClient) -> None:
    message = development_sign_in(client, "google", sub="g-9", email="g9@example.com")
    register_with(client, message)
    response = client.put("/blaize/profile/_google", json={"first-name": "x" * 101})
    assert response.status_code == 400
