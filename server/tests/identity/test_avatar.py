"""GET /account/avatar/: an SVG for a hex colour and up to two letters, never markup."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient


def test_avatar_is_an_svg(client: TestClient) -> None:
    response = client.get("/account/avatar/", params={"color": "#1a5fb4", "initials": "rr"})
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/svg+xml"
    assert 'fill="#1a5fb4"' in response.text
    assert ">RR</text>" in response.text
    assert 'fill="#ffffff"' in response.text  # white letters on a dark colour


def test_light_colours_get_dark_letters(client: TestClient) -> None:
    response = client.get("/account/avatar/", params={"color": "#ffee00", "initials": "É"})
    assert response.status_code == 200
    assert 'fill="#111111"' in response.text


def test_no_initials_draw_a_plain_disc(client: TestClient) -> None:
    # A reader without a name (yet) still gets an image, not a broken one.
    response = client.get("/account/avatar/", params={"color": "#1a5fb4", "initials": ""})
    assert response.status_code == 200
    assert "></text>" in response.text


@pytest.mark.parametrize(
    ("color", "initials"),
    [
        ("red", "AB"),
        ("#12345", "AB"),
        ('#123456"/><script>', "AB"),
        ("#123456", "ABC"),
        ("#123456", "<b"),
        ("#123456", "A_"),
        ("#123456", "&amp"),
    ],
)
def test_anything_else_is_a_400(client: TestClient, color: str, initials: str) -> None:
    response = client.get("/account/avatar/", params={"color": color, "initials": initials})
    assert response.status_code == 400
    assert response.json()["type"] == "bad-request"
