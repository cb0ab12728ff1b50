"""Which new passwords are refused (issue 11, item 10): the spec's minimum, then the breach list
with the usual tricks undone. Table tests of the pure rules, then every place a password is set.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.identity.breached_passwords import is_breached
from masthead.identity.passwords import (
    BREACHED_PASSWORD_MESSAGE,
    WEAK_PASSWORD_MESSAGE,
    meets_minimum,
    weakness,
)
from tests.identity.helpers import PASSWORD, RESET_SUBJECT, link_token, mails_to, register


@pytest.mark.parametrize(
    ("password", "meets"),
    [
        ("Abcdefgh", True),
        ("abcdefgh", False),
        ("Abcdefg", False),
        ("ABCDEFGH1", True),
        ("A" * 1024, True),
        ("A" * 1025, False),
    ],
)
def test_the_spec_minimum(password: str, meets: bool) -> None:
    assert meets_minimum(password) is meets


@pytest.mark.parametrize(
    "password",
    [
        "Password",  # listed, only capitalised
        "PASSWORD",
        "Password1",  # listed word plus digits or symbols
        "Password123",
        "Password123!",
        "Password2026",
        "Password!!",
        "Password 1",
        "#1Password",  # before the word too
        "!!Dragon99",
        "P@ssw0rd",  # look-alike characters
        "P@ssw0rd1",
        "Pa55word!",
        "Passw0rd#",
        "Drowssap1",  # backwards
        "Qwerty123",
        "Iloveyou2",
        "Letmein!",
        "Football10",
        "Sunshine1",
        "Summer2024",
        "Baseball!1",
        "Trustno1",
        "Monkey123",
        "Abc123456",
    ],
)
def test_breached_passwords_are_refused(password: str) -> None:
    assert meets_minimum(password)
    assert is_breached(password)
    assert weakness(password) == BREACHED_PASSWORD_MESSAGE


@pytest.mark.parametrize(
    "password",
    [
        PASSWORD,  # "Correct-Horse-1"
        "Brand-New-Pass-2",
        "Better-Password-4",  # a listed word inside a longer phrase is not the listed word
        "Masthead-Demo-1",
        "Tr0ub4dor&3",
        "Ochre-Lantern-Quay",
        "Zq8!vR2#mT",
        "A" * 1024,
    ],
)
def test_uncommon_passwords_pass(password: str) -> None:
    assert not is_breached(password)
    assert weakness(password) is None


def test_the_minimum_is_checked_first() -> None:
    assert weakness("password1") == WEAK_PASSWORD_MESSAGE  # no uppercase letter
    assert weakness("Pass1") == WEAK_PASSWORD_MESSAGE  # too short


def _refused(response: Any) -> None:
    assert response.status_code == 400
    assert response.json() == {"type": "password-not-strong", "message": BREACHED_PASSWORD_MESSAGE}


def test_register_refuses_a_breached_password(client: TestClient) -> None:
    _refused(register(client, "listed@example.com", "Password1"))
    _refused(register(client, "listed@example.com", "Password123!"))
    assert client.get("/blaize/account").status_code == 401  # no account, no session
    assert register(client, "listed@example.com", PASSWORD).status_code == 200


def test_reset_refuses_a_breached_password(client: TestClient, runtime: Runtime) -> None:
    register(client, "forgot@example.com")
    client.post(
        "/blaize/users/reset", json={"identifiers": {"email_address": "forgot@example.com"}}
    )
    token = link_token(mails_to(runtime, "forgot@example.com", RESET_SUBJECT)[0])

    def reset(password: str) -> Any:
        return client.post(
            f"/blaize/users/reset/{token}", json={"validators": {"password": password}}
        )

    _refused(reset("P@ssw0rd1"))
    assert reset("Brand-New-Pass-2").status_code == 200  # the refusal left the link usable


def test_change_password_refuses_a_breached_password(client: TestClient) -> None:
    register(client, "changer@example.com")

    def change(new: str) -> Any:
        return client.post(
            "/blaize/users/change-password/",
            json={
                "current_validators": {"password": PASSWORD},
                "new_validators": {"password": new},
            },
        )

    _refused(change("Summer2024"))
    assert change("Brand-New-Pass-2").status_code == 200
