"""/admin and /admin/* serve the console's shell; a signed-in reader without a staff role gets
an HTML 403; the console's unknown API addresses answer JSON."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.identity.helpers import login
from tests.staff.conftest import PASSWORD, make_account, staff_member

SHELL = "<!doctype html><title>Staff console</title><div id=root></div>"


@pytest.fixture
def built(runtime: Runtime, tmp_path: Path) -> Path:
    (tmp_path / "admin.html").write_text(SHELL, encoding="utf-8")
    runtime.settings.web_dist = tmp_path
    return tmp_path


@pytest.mark.usefixtures("built")
def test_anyone_not_signed_in_gets_the_console_and_its_sign_in(client: TestClient) -> None:
    for path in ("/admin", "/admin/", "/admin/staff", "/admin/audit/anything"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert answer.text == SHELL
        assert answer.headers["content-type"].startswith("text/html")
        assert answer.headers["x-frame-options"] == "SAMEORIGIN"
        assert answer.headers["x-robots-tag"] == "noindex"


@pytest.mark.usefixtures("built")
def test_a_signed_in_reader_without_a_staff_role_gets_403(
    client: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, "reader@example.com")
    login(client, "reader@example.com", PASSWORD)
    for path in ("/admin", "/admin/staff"):
        answer = client.get(path)
        assert answer.status_code == 403
        assert "This account has no staff role" in answer.text
        assert answer.headers["content-type"].startswith("text/html")
    make_account(runtime, "editor@example.com", ["editor"])
    login(client, "editor@example.com", PASSWORD)
    assert client.get("/admin").status_code == 200  # staff: the console's sign-in


@pytest.mark.usefixtures("built")
def test_a_staff_session_gets_the_console(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    member = staff_member(app, runtime, clock, "editor@example.com", ["editor"])
    assert member.client.get("/admin/staff").status_code == 200


def test_unknown_api_addresses_answer_json_and_an_unbuilt_console_says_so(
    client: TestClient, runtime: Runtime, tmp_path: Path
) -> None:
    runtime.settings.web_dist = tmp_path
    for path in ("/admin/api", "/admin/api/nothing"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.json()["type"] == "not-found"
    wrong_method = client.get("/admin/api/session")  # the catch-all must not hide a 405
    assert (wrong_method.status_code, wrong_method.headers["allow"]) == (405, "DELETE, POST")
    assert wrong_method.json()["type"] == "method-not-allowed"
    unbuilt = client.get("/admin")
    assert unbuilt.status_code == 503
    assert "make run" in unbuilt.text
