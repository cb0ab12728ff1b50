"""The console's state changes come only from the site's own pages; the demo's staff login."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.app import create_app
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.api import user_by_email
from masthead.seed import seed_demo
from masthead.settings import Settings
from masthead.staff import service
from masthead.staff.models import StaffTotp
from masthead.staff.seed import DEMO_STAFF_EMAIL, DEMO_STAFF_PASSWORD
from tests.staff.conftest import PASSWORD, TEST_ORIGIN, make_account

CROSS_SITE = "cross-origin-refused"


def test_a_cross_site_or_origin_less_state_change_is_refused(
    client: TestClient, runtime: Runtime
) -> None:
    make_account(runtime, "editor@example.com", ["editor"])
    body = {"email": "editor@example.com", "password": PASSWORD}
    for headers in (
        {"Origin": "https://evil.example"},
        {"Referer": "https://evil.example/page"},
        {"Origin": "null"},
        {},  # the console's pages always send it
    ):
        for method, path in (
            ("POST", "/admin/api/session"),
            ("POST", "/admin/api/session/code"),
            ("PUT", "/admin/api/staff/editor@example.com"),
            ("DELETE", "/admin/api/session"),
        ):
            answer = client.request(method, path, json=body, headers=headers)
            assert answer.status_code == 403, (method, path, headers)
            assert answer.json()["type"] == CROSS_SITE
    assert (
        client.get("/admin/api/me", headers={"Origin": "https://evil.example"}).status_code == 401
    )
    own = client.post("/admin/api/session", json=body, headers={"Origin": TEST_ORIGIN})
    assert own.status_code == 200
    by_referer = client.post(
        "/admin/api/session", json=body, headers={"Referer": f"{TEST_ORIGIN}/admin"}
    )
    assert by_referer.status_code == 200


def test_the_extra_origins_of_reader_pages_do_not_reach_the_console(
    settings: Settings, clock: FrozenClock
) -> None:
    partner = "https://pagesix.example"
    app = create_app(settings.model_copy(update={"allowed_origins": [partner]}), clock)
    try:
        client = TestClient(app, base_url=TEST_ORIGIN)
        console = client.post("/admin/api/session", json={}, headers={"Origin": partner})
        assert console.json()["type"] == CROSS_SITE
        reader = client.post("/blaize/logout", headers={"Origin": partner})
        assert reader.status_code == 200  # reader pages there may
    finally:
        app.state.runtime.engine.dispose()


def test_the_demo_seeds_an_admin_without_an_authenticator_app(
    client: TestClient, runtime: Runtime
) -> None:
    seed_demo(runtime)
    seed_demo(runtime)  # `make run` again
    with runtime.sessions() as db:
        user = user_by_email(db, DEMO_STAFF_EMAIL)
        assert user is not None
        assert service.ordered_roles(db, user.id) == ["admin"]
        assert db.get(StaffTotp, user.id) is None
    answer = client.post(
        "/admin/api/session",
        json={"email": DEMO_STAFF_EMAIL, "password": DEMO_STAFF_PASSWORD},
        headers={"Origin": TEST_ORIGIN},
    )
    assert answer.json() == {"next": "enrol"}
