"""Finding readers: by email prefix, by the words of their names, by tracking id; a page at a
time; the terms kept in step with registration, profile updates and email changes."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity import readers_repository
from masthead.identity.search_terms import fold, prefix_end, read_query, terms_for
from tests.identity.helpers import PASSWORD, link_token, mails_to, register
from tests.staff.conftest import Member, console_client, make_account, staff_member
from tests.support.helpers import READERS, emails, found


def _register(app_client: TestClient, email: str, full_name: str) -> None:
    answer = register(app_client, email, **{"full-name": full_name})
    assert answer.status_code == 200, answer.text
    app_client.cookies.clear()


def test_terms_and_queries_are_folded_alike() -> None:
    assert fold("José ÅSTRÖM") == "jose astrom"
    terms = terms_for(
        "Ann.Smith@Example.com",
        {"full-name": "Ann Smith-Jones", "first-name": "Ann", "display-name": "Annie O'Neil"},
    )
    assert terms == {
        "ann.smith@example.com",
        "ann",
        "smith-jones",
        "smith",
        "jones",
        "annie",
        "o'neil",
        "o",
        "neil",
    }
    assert read_query("  Ann  SMITH ann ").words == ("ann", "smith")
    tracking = "0B8F3C4E-1A2B-4C3D-8E9F-0123456789AB"
    assert read_query(tracking).tracking_id == tracking.lower()
    assert read_query(" \u0301 ").empty  # nothing left once folded
    assert prefix_end("ab") == "ac"
    assert prefix_end("a\U0010ffff") == "b"
    assert prefix_end("\U0010ffff") is None
    assert prefix_end("\ud7ff") == "\ue000"  # never a surrogate


def test_found_by_email_prefix_name_words_and_tracking_id(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    _register(client, "ada@example.com", "Ada Lovelace")
    _register(client, "grace@example.com", "Grace Hopper")
    _register(client, "adam.smith@example.org", "Adam Smith")
    _register(client, "jose@example.com", "José Álvarez")
    staff = support.client

    assert emails(staff, "ADA") == ["ada@example.com", "adam.smith@example.org"]
    assert emails(staff, "ada@") == ["ada@example.com"]
    assert emails(staff, "adam.smith@example.org") == ["adam.smith@example.org"]
    assert emails(staff, "example.com") == []  # a prefix, not anywhere in the address
    assert emails(staff, "hop") == ["grace@example.com"]
    assert emails(staff, "Lovelace ada") == ["ada@example.com"]  # each word, any order
    assert emails(staff, "ada smi") == ["adam.smith@example.org"]
    assert emails(staff, "alvarez") == ["jose@example.com"]  # accents do not matter
    assert emails(staff, "JOSÉ") == ["jose@example.com"]
    assert emails(staff, "ada hopper") == []

    ada = found(staff, "ada@example.com")["items"][0]
    assert (ada["full_name"], ada["email_verified"]) == ("Ada Lovelace", False)
    assert emails(staff, ada["tracking_id"].upper()) == ["ada@example.com"]
    assert emails(staff, ada["tracking_id"][:8]) == []  # a tracking id is found exactly
    assert found(staff, "   ") == {"items": [], "next": None}


def test_pages_follow_each_other_without_gaps_or_repeats(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    for n in range(7):
        make_account(runtime, f"sam{n}@example.com")  # named "Test Person"
    _register(client, "samuel@example.com", "Sam Samson")  # matches by 3 terms: shown once
    staff = support.client
    seen: list[str] = []
    after: dict[str, object] = {}
    pages = 0
    while True:
        page = found(staff, "sam", limit=3, **after)
        seen += [item["email"] for item in page["items"]]
        pages += 1
        if page["next"] is None:
            break
        after = {"after": page["next"]["term"], "after_id": page["next"]["id"]}
    assert pages == 3
    # In the order of the term matched: "sam" (Sam Samson's first name), then the addresses.
    assert seen == ["samuel@example.com"] + [f"sam{n}@example.com" for n in range(7)]
    # Same names: in the order of id (the support member is a Test Person too).
    assert emails(staff, "test person", limit=50) == ["help@example.com"] + [
        f"sam{n}@example.com" for n in range(7)
    ]
    assert staff.get(READERS, params={"q": "sam", "limit": 51}).status_code == 400


def test_a_page_walks_a_bounded_stretch_and_the_next_goes_on(
    client: TestClient, support: Member, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Few matches among many terms of the driving word: each page walks at most SCAN_LIMIT
    of them, so a page may come short, even empty, and still say where the next goes on;
    walking every page finds every match once."""
    monkeypatch.setattr(readers_repository, "SCAN_LIMIT", 3)
    for n in range(8):  # Test Persons: many terms begin "kim" and "rare", few match both
        make_account(runtime, f"kim{n}@example.com")
        make_account(runtime, f"rare{n}@example.com")
    _register(client, "kim.rare@example.com", "Kim Rare")
    _register(client, "rk@example.com", "Rare Kimberly")
    staff = support.client
    seen: list[str] = []
    sizes: list[int] = []
    after: dict[str, object] = {}
    while True:
        page = found(staff, "kim rare", limit=5, **after)
        seen += [item["email"] for item in page["items"]]
        sizes.append(len(page["items"]))
        if page["next"] is None:
            break
        after = {"after": page["next"]["term"], "after_id": page["next"]["id"]}
    assert seen == ["kim.rare@example.com", "rk@example.com"]
    # Walked by "rare" (as narrow as "kim", and longer): the "rare0@..." addresses match no
    # "kim", so a page holds none of them, yet is not the last.
    assert sizes[0] == 2 and 0 in sizes[1:-1]


def test_terms_follow_profile_updates_and_email_changes(
    client: TestClient, support: Member, runtime: Runtime
) -> None:
    register(client, "old@example.com", **{"full-name": "Old Name"})
    staff = support.client
    assert emails(staff, "old name") == ["old@example.com"]

    updated = client.post(
        "/blaize/profile", json={"full-name": "New Person", "display-name": "Nib"}
    )
    assert updated.status_code == 200, updated.text
    assert emails(staff, "old") == ["old@example.com"]  # the address still begins so
    assert emails(staff, "old name") == []
    assert emails(staff, "new per") == ["old@example.com"]
    assert emails(staff, "nib") == ["old@example.com"]

    asked = client.post(
        "/blaize/users/update-email/",
        json={"new_identifiers": {"email_address": "fresh@example.com"}},
    )
    assert asked.status_code == 200, asked.text
    (mail,) = mails_to(runtime, "fresh@example.com")
    confirmed = client.post(
        f"/blaize/users/update-email/{link_token(mail)}",
        json={"validators": {"password": PASSWORD}},
    )
    assert confirmed.status_code == 200, confirmed.text
    assert emails(staff, "fresh") == ["fresh@example.com"]
    assert emails(staff, "old@") == []


def test_only_support_searches(
    client: TestClient, support: Member, app: FastAPI, runtime: Runtime, clock: FrozenClock
) -> None:
    """No session 401; a reader without a role, and other roles, 403; an admin may."""
    stranger = console_client(app)
    assert stranger.get(READERS, params={"q": "a"}).status_code == 401
    register(client, "reader@example.com")
    answer = client.get(READERS, params={"q": "a"})  # a signed-in reader's cookie
    assert (answer.status_code, answer.json()["type"]) == (403, "forbidden")
    editor = staff_member(app, runtime, clock, "ed@example.com", ["editor"])
    refused = editor.client.get(READERS, params={"q": "a"})
    assert refused.json() == {
        "type": "forbidden",
        "message": "Your account does not have the support role.",
    }
    admin = staff_member(app, runtime, clock, "boss@example.com", ["admin"])
    assert emails(admin.client, "reader") == ["reader@example.com"]
