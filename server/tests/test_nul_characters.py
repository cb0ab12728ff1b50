"""A NUL character in a request is the request's fault on either database: a 4xx that says so
on PostgreSQL (which cannot store one), never a 500."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.errors import NUL_MESSAGE


def test_a_nul_in_a_looked_up_value_is_a_4xx(client: TestClient, runtime: Runtime) -> None:
    response = client.post(
        "/blaize/login",
        json={
            "identifiers": {"email_address": "a\x00@example.com"},
            "validators": {"password": "Correct-Horse-1"},
        },
    )
    assert 400 <= response.status_code < 500
    if runtime.engine.dialect.name == "postgresql":
        assert response.status_code == 400
        assert response.json() == {"type": "bad-request", "message": NUL_MESSAGE}


def test_a_nul_in_a_referral_tenants_name_is_no_tenant(client: TestClient) -> None:
    # The origin check reads the tenant before the route does: a merchant page's Origin
    # makes that read happen for every referral call.
    headers = {"Origin": "https://merchant.example"}
    for method, path in (
        ("GET", "/a/a%00b/widgets/squatchcookiejson"),
        (
            "POST",
            "/a/a%00b/widgets/analytics/loaded?externalAccountId=a&externalUserId=u"
            "&engagementMedium=POPUP",
        ),
    ):
        response = client.request(method, path, headers=headers)
        assert 400 <= response.status_code < 500, (path, response.status_code, response.text)
