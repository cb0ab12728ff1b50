"""`python -m masthead.staff create-admin EMAIL [--password-from-stdin]`."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from masthead.deps import Runtime
from masthead.identity.api import check_password, user_by_email
from masthead.settings import Settings
from masthead.staff import audit, service
from masthead.staff.__main__ import main
from tests.staff.conftest import PASSWORD, audit_rows, make_account


def _roles(runtime: Runtime, email: str) -> list[str]:
    with runtime.sessions() as db:
        user = user_by_email(db, email)
        assert user is not None
        return list(service.ordered_roles(db, user.id))


def test_it_grants_admin_to_an_existing_account(
    runtime: Runtime, settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    make_account(runtime, "chief@example.com", ["editor"])
    assert main(["create-admin", "Chief@Example.com"], settings) == 0
    said = json.loads(capsys.readouterr().out)
    assert said == {
        "email": "chief@example.com",
        "account_created": False,
        "roles_before": ["editor"],
        "roles": ["admin", "editor"],
        "changed": True,
    }
    assert _roles(runtime, "chief@example.com") == ["admin", "editor"]
    entry = audit_rows(runtime, audit.ROLES_CHANGED)[-1]
    assert (entry.actor_user_id, entry.actor_email, entry.address) == (None, None, "cli")
    assert (entry.before, entry.after) == ({"roles": ["editor"]}, {"roles": ["admin", "editor"]})

    assert main(["create-admin", "chief@example.com"], settings) == 0  # again: nothing to do
    assert json.loads(capsys.readouterr().out)["changed"] is False
    assert len(audit_rows(runtime, audit.ROLES_CHANGED)) == 2


def test_without_an_account_it_says_what_to_do(
    settings: Settings, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["create-admin", "nobody@example.com"], settings) == 2
    assert "--password-from-stdin" in capsys.readouterr().err


def test_it_creates_the_account_with_the_password_from_stdin(
    runtime: Runtime,
    settings: Settings,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("Weak\n"))
    assert main(["create-admin", "new@example.com", "--password-from-stdin"], settings) == 2
    assert "The account was not created: Password must be" in capsys.readouterr().err

    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{PASSWORD}\n"))
    assert main(["create-admin", "new@example.com", "--password-from-stdin"], settings) == 0
    assert json.loads(capsys.readouterr().out)["account_created"] is True
    assert _roles(runtime, "new@example.com") == ["admin"]
    with runtime.sessions() as db:
        assert check_password(db, runtime, "new@example.com", PASSWORD, "test") is not None


def test_it_runs_as_a_module(settings: Settings, runtime: Runtime) -> None:
    make_account(runtime, "chief@example.com")
    done = subprocess.run(
        [sys.executable, "-m", "masthead.staff", "create-admin", "chief@example.com"],
        env={"MASTHEAD_DATABASE_URL": settings.database_url, "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["roles"] == ["admin"]
