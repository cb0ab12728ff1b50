"""The same service from an operator's tools: the operator API (MASTHEAD_REFERRALS_KEY) and
the CLI; both audited with no staff member as the actor, neither needing a code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.referrals.models import FuelTankCode
from masthead.referrals.programmes import cli
from masthead.settings import Settings
from tests.referrals.helpers import count
from tests.referrals.programmes.helpers import (
    PROGRAMME,
    basic,
    tenant_body,
    track,
    user_jwt,
    widget_upsert,
)
from tests.staff.conftest import audit_rows

API = "/operator/v1/referral-tenants"
KEY = "operator-referrals-key"
BEARER = {"Authorization": f"Bearer {KEY}"}


def test_the_api_is_absent_without_a_key_and_refuses_a_wrong_one(
    client: TestClient, runtime: Runtime
) -> None:
    assert client.get(API).status_code == 404
    runtime.settings.referrals_key = KEY
    for headers in ({}, {"Authorization": "Bearer wrong"}, basic(KEY)):
        answer = client.get(API, headers=headers)
        assert (answer.status_code, answer.json()["type"]) == (401, "unauthorized")
    assert client.get(API, headers=BEARER).json() == {"items": [], "next": None}


def test_an_operator_onboards_a_tenant_end_to_end(client: TestClient, runtime: Runtime) -> None:
    runtime.settings.referrals_key = KEY
    made = client.post(API, json=tenant_body(mode="live"), headers=BEARER)
    assert made.status_code == 201, made.text
    assert made.headers["cache-control"] == "no-store"
    first = made.json()["api_key"]
    programme = client.post(f"{API}/acme/programmes", json=PROGRAMME, headers=BEARER)
    assert programme.status_code == 201
    codes = client.post(
        f"{API}/acme/programmes/friends/codes", json={"csv": "A-0001\nA-0002\n"}, headers=BEARER
    )
    assert codes.json()["codes"]["left"] == 2
    refused = client.post(
        f"{API}/acme/programmes/friends/codes", json={"csv": "A-0003\nx\n"}, headers=BEARER
    )
    assert (refused.status_code, refused.json()["problems"][0]["line"]) == (400, 2)
    rotated = client.post(f"{API}/acme/key", headers=BEARER)  # no code: the bearer key is all
    assert rotated.status_code == 200
    second = rotated.json()["api_key"]
    token = {"X-SaaSquatch-User-Token": user_jwt(second, "u")}
    assert widget_upsert(client, "acme", "u", token).status_code == 200
    assert track(client, "acme", "u", first).status_code == 401
    assert track(client, "acme", "u", second).status_code == 200
    changed = client.patch(f"{API}/acme", json={"allowed_origins": []}, headers=BEARER)
    assert changed.json()["allowed_origins"] == []
    assert client.get(f"{API}/acme/referrals", headers=BEARER).json()["items"] == []
    assert client.delete(f"{API}/acme", headers=BEARER).status_code == 204
    assert client.get(f"{API}/acme", headers=BEARER).status_code == 404

    entries = audit_rows(runtime)
    assert [e.action for e in entries] == [
        "referral_tenant.created",
        "referral_programme.created",
        "referral_codes.uploaded",
        "referral_tenant.key_rotated",
        "referral_tenant.changed",
        "referral_tenant.deleted",
    ]
    assert {(e.actor_user_id, e.actor_email) for e in entries} == {(None, None)}
    assert {e.address for e in entries} == {"testclient"}
    logged = json.dumps([[e.before, e.after] for e in entries])
    assert first not in logged and second not in logged


def test_the_cli_does_what_the_api_does(
    runtime: Runtime, settings: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def run(*args: str) -> tuple[int, str, str]:
        status = cli.main(list(args), settings)
        said = capsys.readouterr()
        return status, said.out, said.err

    tenant = tmp_path / "tenant.json"
    tenant.write_text(json.dumps(tenant_body()), encoding="utf-8")
    status, out, _ = run("create", str(tenant))
    assert status == 0
    key = json.loads(out)["api_key"]
    assert json.loads(out)["tenant"]["alias"] == "acme"
    assert run("create", str(tenant))[0] == 2  # the alias is taken

    programme = tmp_path / "programme.json"
    programme.write_text(json.dumps(PROGRAMME), encoding="utf-8")
    assert run("add-programme", "acme", str(programme))[0] == 0
    bad = tmp_path / "bad.csv"
    bad.write_text("code\nGOOD-1\nno good\n", encoding="utf-8")
    status, _, err = run("upload-codes", "acme", "friends", str(bad))
    assert status == 2
    assert err.splitlines()[0].startswith("Nothing was added: 1 line has a problem (line 3)")
    assert err.splitlines()[1].startswith('line 3: "no good" is not a code')
    assert count(runtime, FuelTankCode) == 0
    good = tmp_path / "good.csv"
    good.write_text("\ufeffcode\r\nGOOD-1\r\nGOOD-2\r\n", encoding="utf-8")
    status, out, _ = run("upload-codes", "acme", "friends", str(good))
    assert (status, json.loads(out)["added"]) == (0, 2)

    status, out, _ = run("rotate-key", "acme")
    assert status == 0 and json.loads(out)["api_key"] != key
    status, out, _ = run("programmes", "acme")
    assert json.loads(out)["items"][0]["codes"]["left"] == 2
    assert json.loads(run("referrals", "acme")[1]) == {"items": [], "next": None}
    assert run("show", "nobody")[2].startswith('There is no referral tenant "nobody"')
    assert run("change", "acme", str(tmp_path / "missing.json"))[0] == 2
    assert json.loads(run("delete", "acme")[1]) == {"deleted": "acme"}
    assert json.loads(run("tenants")[1])["items"] == []
    assert {e.address for e in audit_rows(runtime)} == {"cli"}
