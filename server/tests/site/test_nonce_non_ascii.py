"""A nonce is whatever the client wrote: non-ASCII characters are a refused nonce (403
bad-nonce), never a server error, however it is sent."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.site.stories import content_id, demo_story
from tests.site.stories import seed as seed_stories

SITE = "/wp-json/nyp-membership/v1"
REFUSED = {
    "type": "bad-nonce",
    "message": "Your page has expired. Please reload the page and try again.",
}


@pytest.fixture(params=["anonymous", "signed in"])
def visitor(request: pytest.FixtureRequest, client: TestClient, runtime: Runtime) -> TestClient:
    seed_stories(runtime)
    if request.param == "signed in":
        sign_in(client)
    return client


@pytest.mark.parametrize("sent", ["été".encode(), "nonce-\u2603".encode(), b"\xff\xfe"])
def test_a_non_ascii_header_nonce_is_refused(visitor: TestClient, sent: bytes) -> None:
    members = content_id(demo_story("main", "members"))
    for path in (f"{SITE}/membership", f"{SITE}/content/{members}"):  # route and fast path
        response = visitor.get(path, headers={"X-WP-Nonce": sent})  # type: ignore[dict-item]
        assert response.status_code == 403, (path, response.text)
        assert response.json() == REFUSED


def test_a_non_ascii_nonce_in_the_query_or_form_is_refused(visitor: TestClient) -> None:
    queried = visitor.get(
        f"{SITE}/membership", params={"_wpnonce": "été"}, headers={"X-WP-Nonce": ""}
    )
    assert (queried.status_code, queried.json()) == (403, REFUSED)
    posted = visitor.post(
        f"{SITE}/webhook",
        data={"_ajax_nonce": "été", "type": "articleview", "targetUrl": "http://x.example/"},
        headers={"X-WP-Nonce": ""},
    )
    assert (posted.status_code, posted.json()) == (403, REFUSED)
