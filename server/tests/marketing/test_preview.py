"""The console's preview of what a reader is offered: for each feature, the same answer as the
live decision engine gives that reader, the rule that decided, the payflow's plans, and a
draft rule decided as if it were saved (nothing stored)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masthead.deps import Runtime
from tests.billing.api_helpers import nonce, sign_in, subscribe
from tests.braintree_sandbox.helpers import sandbox_of
from tests.decisions.helpers import ask, value
from tests.staff.conftest import Member

PREVIEW = "/admin/api/decision-rules/preview"
FEATURES = (
    "available-plans",
    "membership-entitlement-check",
    "cancel-flow-offer",
    "text-campaigns",
)


def previewed(member: Member, **body: Any) -> dict[str, Any]:
    answer = member.client.post(PREVIEW, json=body)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    found: dict[str, Any] = answer.json()
    return found


def live(client: TestClient, path: str) -> dict[str, Any]:
    """Each feature's outputValue as POST /zephr/decision-engine answers the client."""
    return {feature: value(ask(client, feature, path=path)) for feature in FEATURES}


def values(preview: dict[str, Any]) -> dict[str, Any]:
    return {d["feature"]: d["outputValue"] for d in preview["decisions"]}


def test_a_signed_out_visitor_is_previewed_as_the_engine_answers(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    shown = previewed(marketer, path="/account/subscribe")
    assert shown["reader"] is None and shown["inSupportedRegion"] is True
    assert values(shown) == live(client, "/account/subscribe")
    by_feature = {d["feature"]: d for d in shown["decisions"]}
    assert by_feature["available-plans"]["ruleDescription"] == (
        "Every enabled plan, in catalogue order"
    )
    assert by_feature["membership-entitlement-check"]["ruleId"] is None  # the server's own no
    assert [(p["id"], p["amount"], p["badge"]) for p in shown["plans"]] == [
        ("sports-monthly", "4.99", None),
        ("sports-six-month", "24.99", None),
        ("sports-annual", "39.99", "Best Value!"),
    ]
    assert shown["plans"][0]["cta_text"] == "Try for free"


def test_a_member_who_had_a_trial_is_previewed_as_the_engine_answers_them(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    sign_in(client, "ada@example.com")
    new = previewed(marketer, email="Ada@Example.com", path="/account/subscribe")
    assert new["reader"] == {
        "email": "ada@example.com",
        "status": "None",
        "products": [],
        "plans": [],
        "hadTrial": False,
        "entitled": False,
    }
    assert values(new) == live(client, "/account/subscribe")

    assert subscribe(client, "sports-monthly", nonce(sandbox_of(catalogue))).status_code == 200
    for path in ("/account/subscribe", "/2026/11/20/a-story/", "/account/settings/membership"):
        member = previewed(marketer, email="ada@example.com", path=path)
        assert values(member) == live(client, path), path
    assert member["reader"]["status"] == "Active" and member["reader"]["entitled"] is True
    assert member["reader"]["plans"] == ["sports-monthly"] and member["reader"]["hadTrial"]
    decided = {d["feature"]: d for d in member["decisions"]}
    assert decided["cancel-flow-offer"]["outputValue"]["offer"]["discountId"] == "stay-monthly-3"
    assert decided["text-campaigns"]["ruleDescription"] == "Members: thanks, no call to action"
    assert decided["membership-entitlement-check"]["outputValue"] is True
    # Had a trial: plans without one first.
    assert [p["id"] for p in member["plans"]] == [
        "sports-six-month",
        "sports-annual",
        "sports-monthly",
    ]


def test_outside_the_supported_region_nothing_is_offered(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    catalogue.settings.country_header = "X-Country"
    shown = previewed(marketer, path="/account/subscribe", country="fr")
    assert (shown["country"], shown["inSupportedRegion"], shown["plans"]) == ("FR", False, [])
    client.headers["X-Country"] = "FR"
    assert values(shown) == live(client, "/account/subscribe")
    assert previewed(marketer, country="US")["inSupportedRegion"] is True


def test_a_draft_is_decided_as_if_saved_and_nothing_is_stored(
    marketer: Member, client: TestClient, catalogue: Runtime
) -> None:
    sign_in(client, "ada@example.com")
    draft = {
        "feature": "available-plans",
        "priority": 50,
        "conditions": {"emails": ["ada@example.com"]},
        "output": {"plans": [{"id": "sports-annual", "featured": False, "curation": "Yours"}]},
    }
    shown = previewed(marketer, email="ada@example.com", draft=draft)
    decided = shown["decisions"][0]
    assert (decided["draft"], decided["ruleId"], decided["ruleDescription"]) == (
        True,
        None,
        "This draft",
    )
    assert decided["outputValue"] == 'sports-annual {"featured": false, "curation": "Yours"}'
    assert [(p["id"], p["featured"], p["badge"], p["curation"]) for p in shown["plans"]] == [
        ("sports-annual", False, None, "Yours")
    ]
    assert value(ask(client, "available-plans")).count("\n") == 2  # live: unchanged
    other = previewed(marketer, draft=draft)  # a signed-out visitor: the draft does not hold
    assert other["decisions"][0]["draft"] is False

    # A draft that edits a saved rule takes its place: the catch-all, switched off.
    rules = marketer.client.get("/admin/api/decision-rules?feature=available-plans").json()
    catch_all = next(r for r in rules["rules"] if r["priority"] == 1000)
    off = {k: catch_all[k] for k in ("feature", "priority", "conditions", "output")}
    gone = previewed(marketer, draft={**off, "enabled": False}, replaces=catch_all["id"])
    assert gone["decisions"][0]["ruleId"] is None  # the built-in answer: every plan


@pytest.mark.parametrize(
    ("body", "status", "type_"),
    [
        ({"email": "nobody@example.com"}, 404, "reader-not-found"),
        ({"country": "France"}, 400, "bad-request"),
        ({"draft": {"feature": "text-campaigns", "output": {"x": 1}}}, 400, "bad-request"),
        ({"path": "/account", "extra": True}, 400, "bad-request"),
    ],
)
def test_preview_refusals(
    marketer: Member, catalogue: Runtime, body: dict[str, Any], status: int, type_: str
) -> None:
    answer = marketer.client.post(PREVIEW, json=body)
    assert (answer.status_code, answer.json()["type"]) == (status, type_), answer.text
