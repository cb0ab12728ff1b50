"""The decision engine's one route answers every question the page's islands and the
account area ask: the statuses, headers and bodies, for signed-out visitors, readers and
members, with rules that choose by plan, path and country."""

from __future__ import annotations

import asyncio
import json
from typing import Any, NamedTuple

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from masthead.decisions import rule_cache
from masthead.decisions.models import DecisionRule
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.settings import Settings
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.conftest import TEST_ORIGIN
from tests.decisions.helpers import DECIDE, add_rule, operator_on, seed

COUNTRY = "CloudFront-Viewer-Country"
ENTITLEMENT = "membership-entitlement-check"
STORY = "/2026/11/22/a-story/"
JSON = {"content-type": "application/json"}


class Case(NamedTuple):
    content: bytes
    headers: dict[str, str]
    status: int = 200
    error: str | None = None  # the refusal's type


def question(feature: str = ENTITLEMENT, **fields: Any) -> bytes:
    body = {"sdkFeatureSlug": feature, "path": STORY, "contentId": "c-1", "userAgent": "pytest"}
    return json.dumps({**body, "session": None, **fields}).encode()


def cases(token: str | None) -> list[Case]:
    """The same questions with and without the reader's session, and the bad ones."""
    cookie = {"cookie": f"{SESSION_COOKIE}={token}; vip-go-seg=forged"} if token else {}
    with_cookie = {**JSON, **cookie}
    found = [
        Case(question(), with_cookie),
        Case(question("text-campaigns"), with_cookie),
        Case(question("text-campaigns", path="/account/subscribe"), with_cookie),
        Case(question(), {**with_cookie, COUNTRY: "fr"}),
        Case(question("text-campaigns"), {**with_cookie, COUNTRY: "US"}),
        Case(question(path="/2026/11/23/other/"), with_cookie),
        Case(question(session="made-up-token"), JSON),
        Case(question(), {"content-type": "application/json; charset=utf-8", **cookie}),
        Case(question("available-plans"), with_cookie),
        Case(question("cancel-flow-offer"), with_cookie),
        Case(question("no-such-feature"), with_cookie, 400, "unknown-feature"),
        Case(question(path="x" * 3000), with_cookie, 400),  # too long
        Case(b'{"sdkFeatureSlug": ', with_cookie, 400),  # bad JSON
        Case(b'["membership-entitlement-check"]', with_cookie, 400),
        Case(b"", with_cookie, 400),
        Case(b'{"path": "/"}', with_cookie, 400),  # no feature
        Case(question(), {"content-type": "text/plain", **cookie}, 400),
    ]
    if token:
        found += [
            Case(question(session=token), JSON),  # the session field, no cookie
            Case(question(session=token), with_cookie),  # both, the same session
            Case(question(session="another-session"), with_cookie, 403, "session-mismatch"),
            Case(question(session="été"), with_cookie, 403, "session-mismatch"),  # not a 500
        ]
    return found


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"country_header": COUNTRY, "supported_countries": "US,CA"})


def signed_in(client: TestClient, email: str) -> str:
    """Signs a reader in; their session token, the client's cookie jar left empty."""
    sign_in(client, email)
    token = client.cookies.get(SESSION_COOKIE)
    assert token
    client.cookies.clear()
    return token


def test_every_question_gets_its_answer(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    operator_on(runtime)
    for rule in (  # a plan, a path and a country each withhold or word differently
        {"feature": ENTITLEMENT, "priority": 1, "conditions": {"plans": ["sports-monthly"]}},
        {"feature": ENTITLEMENT, "priority": 2, "conditions": {"path": "/2026/11/23"}},
        {"feature": ENTITLEMENT, "priority": 3, "conditions": {"countries": ["FR"]}},
    ):
        add_rule(client, {**rule, "output": {"entitled": False}})
    add_rule(
        client,
        {
            "feature": "text-campaigns",
            "priority": 1,
            "conditions": {"region": "supported", "readers": "signed-in", "path": "/2026"},
            "output": {"ctaHeading": "Zu {membership}", "subtext": "é \u2028 </script>"},
        },
    )
    sandbox = setup(runtime)
    readers: dict[str, str | None] = {"visitor": None, "reader": signed_in(client, "r@x.com")}
    for email, plan in (("annual@x.com", "sports-annual"), ("monthly@x.com", "sports-monthly")):
        sign_in(client, email)
        assert subscribe(client, plan, nonce(sandbox)).status_code == 200
        readers[email] = client.cookies.get(SESSION_COOKIE)
        client.cookies.clear()
    seen = set()
    for who, token in readers.items():
        for case in cases(token):
            response = client.post(DECIDE, content=case.content, headers=case.headers)
            assert response.status_code == case.status, (who, case, response.text)
            assert response.headers["content-type"] == "application/json", (who, case)
            if case.error is not None:
                assert response.json()["type"] == case.error, (who, case)
            if response.status_code != 200:
                continue
            assert response.headers["cache-control"] == "no-store", (who, case)
            assert COUNTRY in response.headers["vary"], (who, case)
            answer = response.json()
            assert answer["sdkFeatureSlug"] == json.loads(case.content)["sdkFeatureSlug"]
            signed = token is not None and '"session": "made-up-token"' not in case.content.decode()
            assert answer["loggedIn"] is signed, (who, case)
            seen.add((who, repr(answer["outputValue"])))
    # The cases reach every kind of answer: members entitled and withheld, texts of each rule.
    assert ("annual@x.com", "True") in seen and ("annual@x.com", "False") in seen
    assert ("monthly@x.com", "True") not in seen  # withheld by its plan's rule
    assert ("reader", "True") not in seen and ("visitor", "True") not in seen
    assert any("Zu {membership}" in value for _, value in seen)


def test_an_edit_elsewhere_counts_within_a_second_and_here_at_once(
    client: TestClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules are kept per application for RULES_FRESH_SECONDS, the same for every feature
    and every way of deciding: an edit another process commits (here: SQL outside any unit
    of work of this one) counts within that, one committed through this process's units of
    work at once."""
    seed(runtime)
    operator_on(runtime)
    now = [1000.0]
    monkeypatch.setattr(rule_cache.time, "monotonic", lambda: now[0])

    def heading() -> Any:
        response = client.post(DECIDE, content=question("text-campaigns"), headers=JSON)
        return response.json()["outputValue"]["ctaHeading"]

    assert heading() == "Get {membership}"
    with runtime.engine.begin() as conn:  # as another process would
        conn.execute(
            update(DecisionRule)
            .where(DecisionRule.feature == "text-campaigns", DecisionRule.priority == 1000)
            .values(output={"ctaHeading": "Elsewhere"})
        )
    now[0] += rule_cache.RULES_FRESH_SECONDS - 0.01
    assert heading() == "Get {membership}"  # still within the second
    now[0] += 0.02
    assert heading() == "Elsewhere"
    add_rule(client, {"feature": "text-campaigns", "priority": 1, "output": {"ctaHeading": "Here"}})
    assert heading() == "Here"  # the operator API's edit: no wait


def test_every_way_of_deciding_reads_the_same_kept_rules(runtime: Runtime) -> None:
    """The features decided in a unit of work (service.py) and on the event loop
    (session_decisions.py) take their rules from one place (rule_cache.py)."""
    seed(runtime)
    with runtime.sessions() as db:
        kept = rule_cache.rules_in(db, runtime, "text-campaigns")
    assert kept
    assert asyncio.run(rule_cache.rules_awaited(runtime, "text-campaigns")) is kept


def test_a_cross_site_post_riding_on_the_cookie_is_refused(client: TestClient) -> None:
    """The origin check (CSRF) stands in front of the route: a foreign page cannot ask."""
    token = signed_in(client, "csrf@x.com")
    headers = {**JSON, "cookie": f"{SESSION_COOKIE}={token}"}
    foreign = client.post(
        DECIDE, content=question(), headers={**headers, "origin": "https://evil.example"}
    )
    assert (foreign.status_code, foreign.json()["type"]) == (403, "cross-origin-refused")
    own = client.post(DECIDE, content=question(), headers={**headers, "origin": TEST_ORIGIN})
    assert own.json() == {"sdkFeatureSlug": ENTITLEMENT, "loggedIn": True, "outputValue": False}


def test_only_the_decision_path_is_the_route(client: TestClient) -> None:
    assert client.get(DECIDE).status_code == 405
    slash = client.post(f"{DECIDE}/", content=question(), headers=JSON, follow_redirects=False)
    assert (slash.status_code, slash.headers["location"]) == (307, f"{TEST_ORIGIN}{DECIDE}")
