"""The account area and the publisher pages may be framed by this site only (clickjacking);
what merchant pages embed (the widget script, the referral calls) is not restricted."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import sign_in
from tests.site.stories import demo_story, path_of
from tests.site.stories import seed as seed_stories


@pytest.fixture
def site(client: TestClient, runtime: Runtime) -> TestClient:
    seed_stories(runtime)
    return client


def pages() -> list[str]:
    story = path_of(demo_story("main", "members"))
    return ["/account", "/account/login", "/account/settings", "/", "/section/sports/", story]


@pytest.mark.parametrize("signed_in", [False, True])
def test_own_pages_refuse_other_sites_frames(site: TestClient, signed_in: bool) -> None:
    if signed_in:
        sign_in(site)
    for path in [*pages(), "/1999/01/01/no-such-story/"]:
        response = site.get(path)
        assert response.headers["content-type"].startswith("text/html"), path
        assert response.headers["content-security-policy"] == "frame-ancestors 'self'", path
        assert response.headers["x-frame-options"] == "SAMEORIGIN", path


def test_what_merchant_pages_embed_is_not_restricted(site: TestClient) -> None:
    for path in ("/widget/squatch.min.js", "/api/v1/test_masthead/widget/user/cookie_user"):
        response = site.get(path)
        assert "x-frame-options" not in response.headers, path
        assert "frame-ancestors" not in response.headers.get("content-security-policy", ""), path
