"""Initials in any script: one rule in the account area and the server, and the avatar image
draws whatever that rule makes of a name (issue 12, item 13) while refusing anything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.identity.initials import initials

# The same table web/src/ui/initials.test.ts reads: both sides must agree on every row.
CASES_FILE = Path(__file__).resolve().parents[3] / "web" / "src" / "ui" / "initials.cases.json"
CASES: list[tuple[str, str]] = [tuple(row) for row in json.loads(CASES_FILE.read_text())["cases"]]


@pytest.mark.parametrize(("full_name", "expected"), CASES)
def test_initials_follow_the_shared_table(full_name: str, expected: str) -> None:
    assert initials(full_name) == expected


@pytest.mark.parametrize(("full_name", "expected"), CASES)
def test_the_avatar_draws_every_name_initials(
    client: TestClient, full_name: str, expected: str
) -> None:
    response = client.get("/account/avatar/", params={"color": "#1a5fb4", "initials": expected})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "image/svg+xml"
    assert f">{expected}</text>" in response.text


@pytest.mark.parametrize(
    ("asked", "drawn"),
    [
        ("al", "AL"),
        ("ß", "ß"),  # "SS" would be two letters
        ("é", "É"),
        ("🦄", "🦄"),
        ("מ", "מ"),
    ],
)
def test_letters_are_drawn_uppercased_one_for_one(
    client: TestClient, asked: str, drawn: str
) -> None:
    response = client.get("/account/avatar/", params={"color": "#000000", "initials": asked})
    assert response.status_code == 200
    assert f'aria-label="{drawn}"' in response.text
    assert f">{drawn}</text>" in response.text


@pytest.mark.parametrize(
    "junk",
    [
        "A B",  # a space
        "A!",
        "<b",
        "&amp",
        '"',
        "ABC",  # three letters
        "🦄🦄🦄",
        "A\u200e",  # a direction mark is not a letter
        "\u0600A",  # nor a prepended number sign
        "a" + "\u0301" * 40,  # a letter buried under combining marks
        "\x00",
        "x" * 5000,
    ],
)
def test_anything_but_initials_is_refused(client: TestClient, junk: str) -> None:
    response = client.get("/account/avatar/", params={"color": "#123456", "initials": junk})
    assert response.status_code == 400
    body = response.json()
    assert body["type"] == "bad-request"
    assert body["message"] == (
        "The initials must be one or two letters, numbers or emoji, such as AL."
    )
