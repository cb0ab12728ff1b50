"""Password hashes: argon2id at the recommended parameters unless MASTHEAD_PASSWORD_HASHING
says `minimal` (the test suites' choice: every other test hashes at the cheapest parameters),
and a hash made with other parameters is made again at the next sign-in."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.identity import passwords, repository
from masthead.settings import Settings
from tests.identity.helpers import PASSWORD, login, register

RECOMMENDED = "$argon2id$v=19$m=65536,t=3,p=4$"  # RFC 9106's low-memory choice
MINIMAL = "$argon2id$v=19$m=8,t=1,p=1$"


def stored_hash(runtime: Runtime, email: str) -> str:
    with runtime.sessions.begin() as db:
        user = repository.user_by_email(db, email)
        assert user is not None and user.password_hash is not None
        return user.password_hash


def test_the_default_is_argon2id_at_the_recommended_parameters(settings: Settings) -> None:
    production = settings.model_copy(update={"password_hashing": "recommended"})
    assert Settings.model_fields["password_hashing"].default == "recommended"
    hashed = passwords.hash_password(production, PASSWORD)
    assert hashed.startswith(RECOMMENDED)
    assert passwords.verify_password(production, hashed, PASSWORD)
    assert not passwords.verify_password(production, hashed, "Wrong-Horse-1")
    assert not passwords.verify_password(production, None, PASSWORD)  # no account
    assert not passwords.needs_rehash(production, hashed)


def test_the_test_suites_hash_at_the_cheapest_parameters(settings: Settings) -> None:
    assert settings.password_hashing == "minimal"
    hashed = passwords.hash_password(settings, PASSWORD)
    assert hashed.startswith(MINIMAL)
    assert passwords.verify_password(settings, hashed, PASSWORD)
    assert not passwords.verify_password(settings, hashed, "Wrong-Horse-1")
    assert not passwords.verify_password(settings, None, PASSWORD)


def test_a_hash_with_other_parameters_is_made_again_at_sign_in(
    client: TestClient, runtime: Runtime
) -> None:
    assert register(client, "ada@example.com").status_code == 200
    assert stored_hash(runtime, "ada@example.com").startswith(MINIMAL)
    runtime.settings.password_hashing = "recommended"
    assert login(client, "ada@example.com", "Wrong-Horse-1").status_code == 401
    assert stored_hash(runtime, "ada@example.com").startswith(MINIMAL)  # not on a failure
    assert login(client, "ada@example.com").status_code == 200
    assert stored_hash(runtime, "ada@example.com").startswith(RECOMMENDED)
    assert login(client, "ada@example.com").status_code == 200  # the new hash verifies
