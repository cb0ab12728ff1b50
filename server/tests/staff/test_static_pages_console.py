"""The static pages in the staff console: editors read, edit, preview and reset the terms,
privacy and membership terms of each brand; readers see the edit at once; every change is in
the audit log with the text before and after; nobody else gets in."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from tests.identity.helpers import login
from tests.staff.conftest import (
    PASSWORD,
    TEST_ORIGIN,
    audit_rows,
    console_client,
    make_account,
    staff_member,
)

PAGES = "/admin/api/static-pages"
TERMS = f"{PAGES}/gossip/terms"
BODY = '<p>Be kind. <a href="/privacy/">Privacy</a></p>'


def editor(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> TestClient:
    return staff_member(app, runtime, clock, "ed@example.com", ["editor"]).client


def test_an_editor_lists_every_page_of_every_brand(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    answer = editor(app, runtime, clock).get(PAGES)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-store"
    pages = answer.json()["pages"]
    assert {(p["brand"], p["slug"]) for p in pages} == {
        (b, s)
        for b in ("main", "gossip", "lifestyle")
        for s in ("membership-terms", "terms", "privacy")
    }
    assert all(p["edited"] is False for p in pages)


def test_an_edit_shows_to_readers_at_once_and_is_audited(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    before = ed.get(TERMS).json()
    saved = ed.put(TERMS, json={"title": "House rules", "body": BODY})
    assert saved.status_code == 200, saved.text
    assert saved.json()["edited"] is True
    page = console_client(app).get("/terms/", headers={"host": "gossip.localhost"})
    assert '<h1 class="page-title">House rules</h1>' in page.text
    assert "Be kind." in page.text
    [entry] = audit_rows(runtime, "static_page.edited")
    assert entry.actor_email == "ed@example.com"
    assert (entry.target_type, entry.target_id) == ("static-page", "gossip/terms")
    assert entry.before == {"title": before["title"], "body": before["body"]}
    assert entry.after == {"title": "House rules", "body": BODY}


def test_saving_the_same_text_again_writes_no_audit_entry(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    for _ in range(2):
        assert ed.put(TERMS, json={"title": "House rules", "body": BODY}).status_code == 200
    assert len(audit_rows(runtime, "static_page.edited")) == 1


def test_reset_brings_back_the_built_in_text_and_is_audited(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    built_in = ed.get(TERMS).json()
    ed.put(TERMS, json={"title": "House rules", "body": BODY})
    reset = ed.delete(TERMS)
    assert reset.status_code == 200
    assert (reset.json()["title"], reset.json()["edited"]) == (built_in["title"], False)
    [entry] = audit_rows(runtime, "static_page.reset")
    assert entry.before == {"title": "House rules", "body": BODY}
    # Resetting a page that shows its built-in text already changes nothing.
    assert ed.delete(TERMS).status_code == 200
    assert len(audit_rows(runtime, "static_page.reset")) == 1


def test_the_preview_renders_the_page_and_stores_nothing(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    answer = ed.post(f"{TERMS}/preview", json={"title": "Draft rules", "body": BODY})
    assert answer.status_code == 200, answer.text
    html = answer.json()["html"]
    assert "<title>Draft rules | " in html
    assert 'data-brand="gossip"' in html
    assert "Be kind." in html
    assert ed.get(TERMS).json()["edited"] is False
    assert not [r for r in audit_rows(runtime) if r.action.startswith("static_page.")]


def test_html_a_page_may_not_hold_is_refused_with_what_to_change(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    bad = {"title": "T", "body": "<p>x</p><script>alert(1)</script>"}
    for answer in (ed.put(TERMS, json=bad), ed.post(f"{TERMS}/preview", json=bad)):
        assert answer.status_code == 400
        assert answer.json()["type"] == "bad-request"
        assert "script" in answer.json()["message"]
    # The membership terms keep the section the cancellation links point to.
    gone = ed.put(f"{PAGES}/main/membership-terms", json={"title": "T", "body": "<p>x</p>"})
    assert gone.status_code == 400
    assert "cancellation" in gone.json()["message"]
    assert ed.get(TERMS).json()["edited"] is False


def test_unknown_pages_are_404s(app: FastAPI, runtime: Runtime, clock: FrozenClock) -> None:
    ed = editor(app, runtime, clock)
    assert ed.get(f"{PAGES}/main/about").status_code == 404
    missing = ed.post(f"{PAGES}/nowhere/terms/preview", json={"title": "T", "body": BODY})
    assert missing.status_code == 404
    assert missing.json()["type"] == "page-not-found"


def test_only_editors_and_admins_get_in(
    app: FastAPI, runtime: Runtime, clock: FrozenClock, client: TestClient
) -> None:
    assert console_client(app).get(PAGES).status_code == 401
    support = staff_member(app, runtime, clock, "sup@example.com", ["support"]).client
    assert support.get(PAGES).status_code == 403
    refused = support.put(TERMS, json={"title": "T", "body": BODY})
    assert refused.status_code == 403
    admin = staff_member(app, runtime, clock, "boss@example.com", ["admin"]).client
    assert admin.get(PAGES).status_code == 200
    # A signed-in reader without a role is refused, not asked to sign in.
    make_account(runtime, "reader@example.com")
    login(client, "reader@example.com", PASSWORD)
    client.headers["Origin"] = TEST_ORIGIN
    assert client.get(PAGES).status_code == 403
    assert client.put(TERMS, json={"title": "T", "body": BODY}).status_code == 403


def test_a_change_without_the_sites_origin_is_refused(
    app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    ed = editor(app, runtime, clock)
    del ed.headers["Origin"]
    refused = ed.put(TERMS, json={"title": "T", "body": BODY})
    assert refused.status_code == 403
    assert ed.get(TERMS).json()["edited"] is False
