"""The paywall's fast path answers what the declared route answers, byte for byte, and
leaves every refusal to it. (The entitlement question is the decision engine's:
tests/decisions/test_fastpath.py.)"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.site.stories import SITE, content_id, demo_story, page_nonce, seed

MEMBERS = demo_story("gossip", "members")
FREE = demo_story("lifestyle", "free")


def _both_ways(client: TestClient, call: str) -> tuple[Any, Any]:
    """The same question with the nonce as X-WP-Nonce (answered by the fast path when it is
    a 200) and as _ajax_nonce in the query (always the declared route)."""
    sent = page_nonce(client)
    fast = client.get(f"{SITE}/{call}", headers={"X-WP-Nonce": sent})
    routed = client.get(f"{SITE}/{call}", params={"_ajax_nonce": sent})
    return fast, routed


def _same(fast: Any, routed: Any) -> None:
    assert (fast.status_code, fast.content) == (routed.status_code, routed.content)
    for header in ("content-type", "cache-control", "content-length"):
        assert fast.headers.get(header) == routed.headers.get(header), header


def test_the_fast_path_and_the_routes_agree(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    calls = [f"content/{content_id(MEMBERS)}", f"content/{content_id(FREE)}"]
    calls += ["content/unknown", "content/a/b", "entitlement"]  # the retired call: 404
    for who in ("anonymous", "reader", "member"):
        if who == "reader":
            sign_in(client, "reader@example.com")
        if who == "member":
            client.cookies.clear()
            sandbox = setup(runtime)
            sign_in(client, "member@example.com")
            assert subscribe(client, "sports-annual", nonce(sandbox)).status_code == 200
        for call in calls:
            fast, routed = _both_ways(client, call)
            _same(fast, routed)
    member_body = client.get(
        f"{SITE}/content/{content_id(MEMBERS)}", headers={"X-WP-Nonce": page_nonce(client)}
    )
    assert member_body.status_code == 200 and member_body.json()["content"].startswith("<p>")


def test_refusals_are_the_routes(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    call = f"content/{content_id(MEMBERS)}"
    refused = client.get(f"{SITE}/{call}", headers={"X-WP-Nonce": "forged"})
    assert (refused.status_code, refused.json()["type"]) == (403, "bad-nonce")
    assert refused.headers["cache-control"] == "private, no-store"
    posted = client.post(f"{SITE}/{call}", headers={"X-WP-Nonce": page_nonce(client)})
    assert posted.status_code == 405


def test_only_200_answers_are_taken(client: TestClient, runtime: Runtime) -> None:
    """Around a stand-in application that answers 418, the fast path answers exactly the
    calls whose answer is a 200 and passes every other request on."""
    from starlette.types import Receive, Scope, Send

    from masthead.site.fastpath import PaywallFastPath

    passed: list[str] = []

    async def stand_in(scope: Scope, receive: Receive, send: Send) -> None:
        passed.append(scope["path"])
        await send({"type": "http.response.start", "status": 418, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    seed(runtime)
    sign_in(client, "reader@example.com")
    sent = page_nonce(client)
    fast = TestClient(PaywallFastPath(stand_in, runtime), base_url="http://testserver")
    fast.cookies.update(dict(client.cookies.items()))
    header = {"X-WP-Nonce": sent}
    assert fast.get(f"{SITE}/content/{content_id(FREE)}", headers=header).status_code == 200
    assert passed == []
    for path, headers in [
        (f"{SITE}/content/{content_id(MEMBERS)}", header),  # 403 not-entitled: the route's
        (f"{SITE}/content/nope", header),
        (f"{SITE}/content/{content_id(FREE)}", {"X-WP-Nonce": "forged"}),
        (f"{SITE}/content/{content_id(FREE)}", {}),
        (f"{SITE}/entitlement", header),  # retired: the router's 404
        (f"{SITE}/plans", header),
        ("/healthz", {}),
    ]:
        assert fast.get(path, headers=headers).status_code == 418, path
    assert len(passed) == 7
