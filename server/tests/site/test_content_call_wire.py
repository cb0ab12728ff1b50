"""The content call's one route answers the same whichever way the nonce is sent, and every
answer, refusals included, is private. (The entitlement question before it is the decision
engine's: tests/decisions/test_decision_wire.py.)"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.site.stories import SITE, content_id, demo_story, page_nonce, seed

MEMBERS = demo_story("gossip", "members")
FREE = demo_story("lifestyle", "free")


def _both_ways(client: TestClient, call: str) -> tuple[Any, Any]:
    """The same question with the nonce as X-WP-Nonce and as _ajax_nonce in the query."""
    sent = page_nonce(client)
    header = client.get(f"{SITE}/{call}", headers={"X-WP-Nonce": sent})
    query = client.get(f"{SITE}/{call}", params={"_ajax_nonce": sent})
    return header, query


def _same(header: Any, query: Any) -> None:
    assert (header.status_code, header.content) == (query.status_code, query.content)
    for name in ("content-type", "cache-control", "content-length"):
        assert header.headers.get(name) == query.headers.get(name), name
    assert header.headers["cache-control"] == "private, no-store"


def test_each_reader_gets_the_answer_for_them(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    members, free = f"content/{content_id(MEMBERS)}", f"content/{content_id(FREE)}"
    expected = {  # who: (members' story, free story)
        "anonymous": (401, 200),
        "reader": (403, 200),
        "member": (200, 200),
    }
    for who, statuses in expected.items():
        if who == "reader":
            sign_in(client, "reader@example.com")
        if who == "member":
            client.cookies.clear()
            sandbox = setup(runtime)
            sign_in(client, "member@example.com")
            assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
        for call, status in zip((members, free), statuses, strict=True):
            header, query = _both_ways(client, call)
            _same(header, query)
            assert header.status_code == status, (who, call, header.text)
        for call in ("content/unknown", "content/a/b", "entitlement"):  # the retired call: 404
            header, query = _both_ways(client, call)
            assert header.status_code == query.status_code == 404, (who, call)
        unknown = client.get(f"{SITE}/content/unknown", headers={"X-WP-Nonce": page_nonce(client)})
        assert unknown.json()["type"] == "content-not-found"
    member_body = client.get(
        f"{SITE}/content/{content_id(MEMBERS)}", headers={"X-WP-Nonce": page_nonce(client)}
    )
    assert member_body.status_code == 200 and member_body.json()["content"].startswith("<p>")


def test_refusals(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    call = f"content/{content_id(MEMBERS)}"
    refused = client.get(f"{SITE}/{call}", headers={"X-WP-Nonce": "forged"})
    assert (refused.status_code, refused.json()["type"]) == (403, "bad-nonce")
    assert refused.headers["cache-control"] == "private, no-store"
    missing = client.get(f"{SITE}/{call}", headers={"X-WP-Nonce": ""})
    assert (missing.status_code, missing.json()["type"]) == (403, "bad-nonce")
    posted = client.post(f"{SITE}/{call}", headers={"X-WP-Nonce": page_nonce(client)})
    assert posted.status_code == 405
