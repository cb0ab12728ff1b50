"""The decision engine's fast path (decisions/fastpath.py) answers as the declared route does.

Every request goes once to the application and once to a twin without the fast path (the
FastAPI route alone): status, headers but the date, and body must be the same, for signed-out
visitors, readers and members, with rules that choose by plan, path and country.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NamedTuple

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update
from starlette.types import Receive, Scope, Send

from masthead.clock import FrozenClock
from masthead.decisions import session_decisions
from masthead.decisions.fastpath import DecisionFastPath
from masthead.decisions.models import DecisionRule
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.settings import Settings
from tests.billing.api_helpers import nonce, setup, sign_in, subscribe
from tests.conftest import TEST_ORIGIN, app_without
from tests.decisions.helpers import DECIDE, add_rule, operator_on, seed

COUNTRY = "CloudFront-Viewer-Country"
ENTITLEMENT = "membership-entitlement-check"
STORY = "/2026/11/22/a-story/"
JSON = {"content-type": "application/json"}


class Case(NamedTuple):
    content: bytes
    headers: dict[str, str]
    fast: bool  # answered by the fast path itself (a 200 of its two features)
    status: int = 200  # the route's


def question(feature: str = ENTITLEMENT, **fields: Any) -> bytes:
    body = {"sdkFeatureSlug": feature, "path": STORY, "contentId": "c-1", "userAgent": "pytest"}
    return json.dumps({**body, "session": None, **fields}).encode()


def cases(token: str | None) -> list[Case]:
    """The same questions with and without the reader's session, and the bad ones."""
    cookie = {"cookie": f"{SESSION_COOKIE}={token}; vip-go-seg=forged"} if token else {}
    with_cookie = {**JSON, **cookie}
    found = [
        Case(question(), with_cookie, True),
        Case(question("text-campaigns"), with_cookie, True),
        Case(question("text-campaigns", path="/account/subscribe"), with_cookie, True),
        Case(question(), {**with_cookie, COUNTRY: "fr"}, True),
        Case(question("text-campaigns"), {**with_cookie, COUNTRY: "US"}, True),
        Case(question(path="/2026/11/23/other/"), with_cookie, True),
        Case(question(session="made-up-token"), JSON, True),
        Case(question(), {"content-type": "application/json; charset=utf-8", **cookie}, True),
        Case(question("available-plans"), with_cookie, False),  # the route's own feature
        Case(question("cancel-flow-offer"), with_cookie, False),
        Case(question("no-such-feature"), with_cookie, False, 400),  # 400 unknown-feature
        Case(question(path="x" * 3000), with_cookie, False, 400),  # 400: too long
        Case(b'{"sdkFeatureSlug": ', with_cookie, False, 400),  # 400: bad JSON
        Case(b'["membership-entitlement-check"]', with_cookie, False, 400),
        Case(b"", with_cookie, False, 400),
        Case(b'{"path": "/"}', with_cookie, False, 400),  # no feature
        Case(question(), {"content-type": "text/plain", **cookie}, False, 400),
    ]
    if token:
        found += [
            Case(question(session=token), JSON, True),  # the session field, no cookie
            Case(question(session=token), with_cookie, True),  # both, the same session
            Case(question(session="another-session"), with_cookie, False, 403),  # 403 mismatch
        ]
    return found


@pytest.fixture
def settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"country_header": COUNTRY, "supported_countries": "US,CA"})


@pytest.fixture
def routes_only(settings: Settings, clock: FrozenClock) -> Iterator[FastAPI]:
    """The same application without the fast path: the route answers everything."""
    with app_without(DecisionFastPath, settings, clock) as application:
        yield application


def answer(client: TestClient, case: Case) -> tuple[int, list[tuple[str, str]], bytes]:
    response = client.post(DECIDE, content=case.content, headers=case.headers)
    seen = sorted((k, v) for k, v in response.headers.items() if k != "date")
    return response.status_code, seen, response.content


def signed_in(client: TestClient, email: str) -> str:
    """Signs a reader in; their session token, the client's cookie jar left empty."""
    sign_in(client, email)
    token = client.cookies.get(SESSION_COOKIE)
    assert token
    client.cookies.clear()
    return token


def test_every_answer_is_the_routes_answer(
    client: TestClient, runtime: Runtime, routes_only: FastAPI
) -> None:
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
    with TestClient(routes_only, base_url=TEST_ORIGIN) as plain:
        seen = set()
        for who, token in readers.items():
            for case in cases(token):
                fast = answer(client, case)
                assert fast == answer(plain, case), (who, case)
                assert fast[0] == case.status, (who, case)
                if fast[0] == 200:
                    seen.add((who, json.loads(fast[2])["outputValue"].__repr__()))
    # The cases reach every kind of answer: members entitled and withheld, texts of each rule.
    assert ("annual@x.com", "True") in seen and ("annual@x.com", "False") in seen
    assert ("monthly@x.com", "True") not in seen  # withheld by its plan's rule
    assert any("Zu {membership}" in value for _, value in seen)


async def reached(scope: Scope, receive: Receive, send: Send) -> None:
    """Stands for the application behind the fast path: answers 418 with the body it got."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 418, "headers": []})
    await send({"type": "http.response.body", "body": body})


def test_only_its_200_answers_skip_the_application(runtime: Runtime) -> None:
    """Around a stand-in application, the fast path answers exactly its cases and passes
    every other request on with its body intact."""
    seed(runtime)
    fast = TestClient(DecisionFastPath(reached, runtime), base_url=TEST_ORIGIN)
    for case in cases(None):
        response = fast.post(DECIDE, content=case.content, headers=case.headers)
        assert (response.status_code != 418) is case.fast, case
        if not case.fast:
            assert response.content == case.content, case
    assert fast.get(DECIDE).status_code == 418
    assert fast.post("/zephr/decision-engine/", content=question(), headers=JSON).status_code == 418


def test_an_edit_elsewhere_counts_within_a_second_and_here_at_once(
    client: TestClient, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rules are kept per process for RULES_FRESH_SECONDS: an edit another process commits
    (here: SQL outside any unit of work of this one) counts within that, one committed
    through this process's units of work at once."""
    seed(runtime)
    operator_on(runtime)
    now = [1000.0]
    monkeypatch.setattr(session_decisions.time, "monotonic", lambda: now[0])

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
    now[0] += session_decisions.RULES_FRESH_SECONDS - 0.01
    assert heading() == "Get {membership}"  # still within the second
    now[0] += 0.02
    assert heading() == "Elsewhere"
    add_rule(client, {"feature": "text-campaigns", "priority": 1, "output": {"ctaHeading": "Here"}})
    assert heading() == "Here"  # the operator API's edit: no wait


def test_a_cross_site_post_riding_on_the_cookie_is_still_refused(client: TestClient) -> None:
    """The fast path sits inside the origin check (CSRF): a foreign page cannot ask."""
    token = signed_in(client, "csrf@x.com")
    headers = {**JSON, "cookie": f"{SESSION_COOKIE}={token}"}
    foreign = client.post(
        DECIDE, content=question(), headers={**headers, "origin": "https://evil.example"}
    )
    assert (foreign.status_code, foreign.json()["type"]) == (403, "cross-origin-refused")
    own = client.post(DECIDE, content=question(), headers={**headers, "origin": TEST_ORIGIN})
    assert own.json() == {"sdkFeatureSlug": ENTITLEMENT, "loggedIn": True, "outputValue": False}
