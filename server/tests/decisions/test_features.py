"""The engine's publisher features: membership-entitlement-check (never true for a session
the server does not find entitled), cancel-flow-offer and text-campaigns, with the default
rules, every outputValue's shape, and rules edited while the server runs."""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi.testclient import TestClient

from masthead.billing.catalog.discounts import seed_discounts
from masthead.billing.home_delivery import service as home_delivery
from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from tests.billing.api_helpers import (
    PAY,
    SITE,
    follow_verification_link,
    nonce,
    on,
    setup,
    sign_in,
    subscribe,
)
from tests.decisions.helpers import (
    OPERATOR,
    RULES,
    add_rule,
    ask,
    operator_on,
    rules_of,
    seed,
    value,
)

ENTITLEMENT = "membership-entitlement-check"
STORY = "/2026/11/22/a-story/"
# What a reader can set in their own browser to look like a subscriber (a forged session id is
# a made-up token, below).
FORGED = {
    "vip-go-seg": "vc-v1__is-subscriber_--_yes",
    "is-subscriber": "yes",
}


def entitled(client: TestClient, **fields: Any) -> Any:
    return value(ask(client, ENTITLEMENT, path=STORY, contentId="c-1", **fields))


def member(client: TestClient, runtime: Runtime, plan: str = "sports-annual") -> str:
    sandbox = setup(runtime)
    sign_in(client)
    response = subscribe(client, plan, nonce(sandbox))
    assert response.status_code == 200, response.text
    grant: str = response.json()["grant_id"]
    return grant


def test_entitlement_is_false_for_anonymous_forged_and_unentitled_sessions(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    answer = ask(client, ENTITLEMENT, path=STORY)
    assert answer.json() == {
        "sdkFeatureSlug": ENTITLEMENT,
        "loggedIn": False,
        "outputValue": False,
    }
    client.cookies.update(FORGED)
    assert entitled(client) is False
    client.cookies.set(SESSION_COOKIE, "made-up-session-token")
    assert entitled(client) is False
    assert entitled(client, session="made-up-session-token") is False
    client.cookies.clear()
    assert entitled(client, session="another-made-up-token") is False
    sign_in(client, "reader@example.com")
    client.cookies.update(FORGED)
    answer = ask(client, ENTITLEMENT, path=STORY)
    assert (answer.json()["loggedIn"], answer.json()["outputValue"]) == (True, False)


def test_entitlement_is_true_for_members_until_their_paid_time_ends(
    client: TestClient, runtime: Runtime, clock: FrozenClock
) -> None:
    seed(runtime)
    grant = member(client, runtime)
    assert entitled(client) is True
    session = client.cookies.get(SESSION_COOKIE)
    client.cookies.clear()
    assert entitled(client, session=session) is True  # the session field, without the cookie
    client.cookies.set(SESSION_COOKIE, session or "")
    assert client.delete(f"{PAY}/subscriptions/{grant}").status_code == 200
    assert entitled(client) is True  # cancelled, paid through a future date
    on(clock, date(2027, 11, 23))  # the paid year is over: lapsed
    assert entitled(client) is False


def test_entitlement_is_true_for_home_delivery_until_revoked(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    sign_in(client, "print@example.com")
    assert entitled(client) is False
    with runtime.sessions.begin() as db:
        home_delivery.grant(db, runtime, "print@example.com")
    assert entitled(client) is False  # until the reader proves the address is theirs
    follow_verification_link(client, runtime, "print@example.com")
    assert entitled(client) is True
    with runtime.sessions.begin() as db:
        home_delivery.revoke(db, runtime, "print@example.com")
    assert entitled(client) is False


def test_entitlement_rules_can_withhold_but_never_grant(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    operator_on(runtime)
    everyone = add_rule(
        client, {"feature": ENTITLEMENT, "priority": 1, "output": {"entitled": True}}
    )
    sign_in(client, "reader@example.com")
    assert entitled(client) is False  # a rule saying true does not make a reader a member
    client.cookies.clear()
    assert entitled(client) is False
    assert client.delete(f"{RULES}/{everyone['id']}", headers=OPERATOR).status_code == 204

    member(client, runtime)
    assert entitled(client) is True
    add_rule(
        client,
        {
            "feature": ENTITLEMENT,
            "priority": 2,
            "conditions": {"path": "/2026/11/22"},
            "output": {"entitled": False},
        },
    )
    assert entitled(client) is False  # withheld on that path, with no restart
    assert value(ask(client, ENTITLEMENT, path="/2026/11/23/another/")) is True


def test_without_rules_each_feature_has_its_built_in_answer(
    client: TestClient, runtime: Runtime
) -> None:
    member(client, runtime, "sports-monthly")
    seed_discounts(runtime)
    assert entitled(client) is True  # the server's decision alone
    assert value(ask(client, "cancel-flow-offer")) == {"offer": None}
    assert value(ask(client, "text-campaigns", path=STORY)) == {}
    lines = value(ask(client, "available-plans")).split("\n")
    assert lines == ["sports-monthly", "sports-six-month", "sports-annual"]


def test_the_cancel_flow_offer_follows_the_members_plan(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    seed_discounts(runtime)
    assert value(ask(client, "cancel-flow-offer")) == {"offer": None}  # signed out
    grant = member(client, runtime, "sports-monthly")
    offer = value(ask(client, "cancel-flow-offer", path="/account/settings/membership"))
    assert offer == {
        "offer": {
            "subscriptionId": grant,
            "discountId": "stay-monthly-3",
            "heading": "Before you go: 3 months at $2.99",
            "text": "Stay with us and pay $2.99 instead of $4.99 for your next 3 months.",
            "acceptLabel": "Accept offer",
            "priceWithDiscount": "2.99",
            "numberOfBillingCycles": 3,
        }
    }
    # The offer is one the discounts call takes; once taken it is offered no more.
    taken = client.post(
        f"{SITE}/subscriptions/{grant}/discounts", json={"discount_id": "stay-monthly-3"}
    )
    assert taken.status_code == 200, taken.text
    assert value(ask(client, "cancel-flow-offer")) == {"offer": None}


def test_an_operator_changes_the_cancel_offer_and_its_texts(
    client: TestClient, runtime: Runtime
) -> None:
    seed(runtime)
    seed_discounts(runtime)
    operator_on(runtime)
    member(client, runtime, "sports-annual")
    assert value(ask(client, "cancel-flow-offer"))["offer"]["discountId"] == "stay-annual-10"
    annual = next(
        rule
        for rule in rules_of(client, "cancel-flow-offer")
        if rule["conditions"].get("plans") == ["sports-annual"]
    )
    replaced = client.put(
        f"{RULES}/{annual['id']}",
        headers=OPERATOR,
        json={
            "feature": "cancel-flow-offer",
            "priority": annual["priority"],
            "conditions": annual["conditions"],
            "output": {
                "discountId": "stay-annual-10",
                "heading": "Stay for the playoffs",
                "text": "Take $10 off your next year.",
                "acceptLabel": "Keep my membership",
            },
        },
    )
    assert replaced.status_code == 200, replaced.text
    offer = value(ask(client, "cancel-flow-offer"))["offer"]
    assert (offer["heading"], offer["text"], offer["acceptLabel"]) == (
        "Stay for the playoffs",
        "Take $10 off your next year.",
        "Keep my membership",
    )
    # A discount that does not fit the reader's plan is never offered.
    add_rule(
        client,
        {"feature": "cancel-flow-offer", "priority": 1, "output": {"discountId": "stay-monthly-3"}},
    )
    assert value(ask(client, "cancel-flow-offer")) == {"offer": None}


def test_text_campaigns_by_audience(client: TestClient, runtime: Runtime) -> None:
    seed(runtime)
    offer = {
        "ctaHeading": "Get {membership}",
        "subtext": "{membership} members read every story. {action}.",
    }
    thanks = {"ctaHeading": "", "subtext": "Thanks for being a {membership} member."}
    assert value(ask(client, "text-campaigns", path=STORY)) == offer
    sign_in(client, "reader@example.com")
    assert value(ask(client, "text-campaigns", path=STORY)) == offer
    client.cookies.clear()
    member(client, runtime)
    assert value(ask(client, "text-campaigns", path=STORY)) == thanks

    operator_on(runtime)
    add_rule(
        client,
        {
            "feature": "text-campaigns",
            "priority": 50,
            "conditions": {"path": "/2026/11/22", "plans": ["sports-annual"]},
            "output": {"subtext": "A whole year of {membership}: thank you."},
        },
    )
    assert value(ask(client, "text-campaigns", path=STORY)) == {
        "subtext": "A whole year of {membership}: thank you."
    }
