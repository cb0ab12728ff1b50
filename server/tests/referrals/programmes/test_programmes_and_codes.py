"""Programmes, their rewards and code banks in the console: what the widget and a conversion
then read; a CSV upload all or nothing, its lines named when refused; what is left."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.referrals import cookie
from masthead.referrals.models import FuelTankCode, Reward
from tests.referrals.helpers import count
from tests.referrals.programmes.helpers import (
    MERCHANT,
    PROGRAMME,
    TENANTS,
    create_programme,
    create_tenant,
    marketing,
    track,
    widget_upsert,
)
from tests.staff.conftest import audit_rows, console_client

FRIENDS = f"{TENANTS}/acme/programmes/friends"
LATER = datetime(2030, 1, 1)  # when a referral cookie made in a test expires


def codes_in(runtime: Runtime) -> list[tuple[str, int | None]]:
    with runtime.sessions() as db:
        return [
            (c.code, c.reward_id)
            for c in db.scalars(select(FuelTankCode).order_by(FuelTankCode.id))
        ]


def upload(client: TestClient, text: str, path: str = FRIENDS) -> Any:
    return client.post(f"{path}/codes", json={"csv": text})


def refer_and_convert(app: FastAPI, key: str, friend: str) -> None:
    """Through the real widget API: `ref` shares, `friend` arrives with the cookie and buys."""
    page = console_client(app)
    page.headers["Origin"] = MERCHANT
    code = widget_upsert(page, "acme", "ref").json()["user"]["referralCode"]
    value = cookie.encode(cookie.build("testserver", "acme", "friends", code, LATER))
    assert widget_upsert(page, "acme", friend, cookies=value).status_code == 200
    assert track(page, "acme", friend, key).status_code == 200


def test_marketing_adds_and_changes_a_programme_the_widget_reads(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    made = create_programme(mk.client, conversion_keys=["purchase", "purchase", "signup"])
    assert made == {
        **PROGRAMME,
        "conversion_keys": ["purchase", "signup"],
        "created_at": clock.now().isoformat().replace("+00:00", "Z"),
        "default": True,
        "codes": {"total": 0, "used": 0, "left": 0, "low": False, "low_at": 25},
    }
    second = create_programme(mk.client, slug="vip", name="VIP")
    assert second["default"] is False
    assert [p["slug"] for p in mk.client.get(f"{TENANTS}/acme/programmes").json()["items"]] == [
        "friends",
        "vip",
    ]
    assert mk.client.get(f"{TENANTS}/acme").json()["programmes"] == 2
    taken = mk.client.post(f"{TENANTS}/acme/programmes", json=PROGRAMME)
    assert (taken.status_code, taken.json()["type"]) == (409, "slug-taken")

    page = console_client(app)
    page.headers["Origin"] = MERCHANT
    template = widget_upsert(page, "acme", "ann").json()["template"]
    assert "A tote bag" in template
    changed = mk.client.patch(FRIENDS, json={"referrer_reward": "Two tote bags"})
    assert changed.status_code == 200, changed.text
    assert changed.json()["referrer_reward"] == "Two tote bags"
    assert changed.json()["landing_url"] == PROGRAMME["landing_url"]
    template = widget_upsert(page, "acme", "ann").json()["template"]
    assert "Two tote bags" in template and "A tote bag<" not in template

    [entry] = audit_rows(runtime, "referral_programme.changed")
    assert (entry.target_type, entry.target_id) == ("referral-programme", "acme/friends")
    assert entry.before is not None and entry.after is not None
    assert (entry.before["referrer_reward"], entry.after["referrer_reward"]) == (
        "A tote bag",
        "Two tote bags",
    )
    assert len(audit_rows(runtime, "referral_programme.created")) == 2


def test_a_programme_that_does_not_fit_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    for change, status, kind in (
        ({"landing_url": "shop.example/join"}, 400, "invalid-programme"),
        ({"landing_url": "javascript:alert(1)"}, 400, "invalid-programme"),
        ({"landing_url": "https://shop.example/a b"}, 400, "invalid-programme"),
        ({"name": "  "}, 400, "invalid-programme"),
        ({"conversion_keys": []}, 400, "bad-request"),
        ({"conversion_keys": ["buy now"]}, 400, "bad-request"),
        ({"slug": "Friends"}, 400, "bad-request"),
    ):
        answer = mk.client.post(f"{TENANTS}/acme/programmes", json={**PROGRAMME, **change})
        assert (answer.status_code, answer.json()["type"]) == (status, kind), change
    assert mk.client.get(f"{TENANTS}/acme/programmes").json()["items"] == []
    missing = mk.client.post(f"{TENANTS}/nobody/programmes", json=PROGRAMME)
    assert (missing.status_code, missing.json()["type"]) == (404, "tenant-not-found")
    assert mk.client.get(f"{TENANTS}/acme/programmes/nope").status_code == 404


def test_a_code_bank_upload_and_what_is_left_after_conversions(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    key = create_tenant(mk.client)["api_key"]
    create_programme(mk.client)
    text = "value,code\n20%,ACME-0001\n\n20%, ACME-0002 \n" + "".join(
        f"20%,ACME-{n:04d}\n" for n in range(3, 31)
    )
    answer = upload(mk.client, text)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    assert answer.json() == {
        "added": 30,
        "codes": {"total": 30, "used": 0, "left": 30, "low": False, "low_at": 25},
    }
    [entry] = audit_rows(runtime, "referral_codes.uploaded")
    assert (entry.target_id, entry.before, entry.after) == (
        "acme/friends",
        {"left": 0},
        {"added": 30, "left": 30},
    )

    for n in range(6):
        refer_and_convert(app, key, f"friend-{n}")
    with runtime.sessions() as db:
        given = [
            r.fuel_tank_code
            for r in db.scalars(select(Reward).where(Reward.kind == "referred").order_by(Reward.id))
        ]
    assert given == [f"ACME-{n:04d}" for n in range(1, 7)]
    counts = mk.client.get(FRIENDS).json()["codes"]
    assert counts == {"total": 30, "used": 6, "left": 24, "low": True, "low_at": 25}


def test_one_bad_line_refuses_the_whole_upload_with_its_line_numbers(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    create_programme(mk.client)
    answer = upload(mk.client, "code\nGOOD-0001\nno\nGOOD-0002\ngood-0001\n")
    assert answer.status_code == 400
    body = answer.json()
    assert body["type"] == "invalid-codes"
    assert body["message"] == (
        "Nothing was added: 2 lines have problems (lines 3, 5). Correct the file and upload it "
        "again."
    )
    assert [p["line"] for p in body["problems"]] == [3, 5]
    assert codes_in(runtime) == []
    assert audit_rows(runtime, "referral_codes.uploaded") == []


def test_codes_the_tenants_banks_hold_are_refused_ignoring_case(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    create_programme(mk.client)
    create_programme(mk.client, slug="vip", name="VIP")
    assert upload(mk.client, "ACME-0001\nACME-0002\n").status_code == 200
    again = upload(mk.client, "NEW-0001\nacme-0002\n", f"{TENANTS}/acme/programmes/vip")
    assert again.status_code == 400
    assert again.json()["problems"] == [
        {"line": 2, "message": '"acme-0002" is in this tenant\'s code banks already.'}
    ]
    assert [c for c, _ in codes_in(runtime)] == ["ACME-0001", "ACME-0002"]
    # Another tenant's bank may hold the same code.
    create_tenant(mk.client, "other")
    create_programme(mk.client, "other")
    assert (
        upload(mk.client, "ACME-0001\n", f"{TENANTS}/other/programmes/friends").status_code == 200
    )
    assert count(runtime, FuelTankCode) == 3


def test_uploads_to_what_does_not_exist_are_404(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    mk = marketing(app, runtime, clock)
    create_tenant(mk.client)
    for path, kind in (
        (f"{TENANTS}/acme/programmes/nope", "programme-not-found"),
        (f"{TENANTS}/nobody/programmes/friends", "tenant-not-found"),
    ):
        answer = upload(mk.client, "ACME-0001\n", path)
        assert (answer.status_code, answer.json()["type"]) == (404, kind)
    too_big = mk.client.post(f"{FRIENDS}/codes", json={"csv": "A" * 1_000_001})
    assert (too_big.status_code, too_big.json()["type"]) == (400, "bad-request")
