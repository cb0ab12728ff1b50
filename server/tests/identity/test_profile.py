"""GET and POST /blaize/profile: hyphenated keys, defaults, writable fields and value rules."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.identity.helpers import register


def test_profile_has_every_key_with_its_default(client: TestClient) -> None:
    register(client, "p@example.com", **{"full-name": "Grace Brewster Hopper"})
    profile = client.get("/blaize/profile").json()
    assert profile["full-name"] == "Grace Brewster Hopper"
    assert profile["first-name"] == "Grace"
    assert profile["last-name"] == "Brewster Hopper"
    assert profile["avatar-color"] == "#000000"
    assert profile["payment-method-update-log"] == []
    assert profile["payment-method-edit-log"] == []
    assert profile["private-profile"] is False
    for key in [
        "sso-user",
        "sso-provider",
        "apple-authenticated",
        "google-authenticated",
        "facebook-authenticated",
        "gender",
        "birth-month",
        "birth-day",
        "age-group",
        "onboarded",
        "notification-mentioned",
        "notification-liked",
        "notification-reply",
        "notification-follower",
        "referral-code",
        "bio",
        "location",
        "phone-number",
        "image-url",
        "current-plan",
    ]:
        assert key in profile, key


def test_reader_updates_the_profile(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post(
        "/blaize/profile",
        json={
            "first-name": "Augusta",
            "bio": "  Writes about engines.  ",
            "avatar-color": "#1A2B3C",
            "private-profile": True,
            "birth-month": "12",
            "phone-number": "+1 212 555 0100",
            "image-url": "https://img.example.com/a.png",
            "updated-values": ["first-name", "bio", "avatar-color", "private-profile"],
        },
    )
    assert response.status_code == 200, response.text
    profile = response.json()
    assert profile["first-name"] == "Augusta"
    assert profile["full-name"] == "Augusta Lovelace"
    assert profile["bio"] == "Writes about engines."
    assert profile["birth-month"] == 12
    assert client.get("/blaize/profile").json() == profile
    layer = client.get("/blaize/datalayer").json()["dataLayer"]
    assert layer["fullName"] == "Augusta Lovelace"


def test_bad_profile_values_are_refused_whole(client: TestClient) -> None:
    register(client, "p@example.com")
    cases = {
        "avatar-color": ("red", "The avatar-color field must be a colour like #1a2b3c."),
        "image-url": ("http://plain.example.com/a.png", "https://"),
        "birth-day": (32, "from 1 to 31"),
        "private-profile": ("yes", "true or false"),
        "bio": ("x" * 501, "at most 500 characters"),
        "no-such-field": ("x", "The no-such-field field does not exist."),
        "referral-code": ("FREEBIE", "kept by Masthead"),
        "had-trial": (False, "kept by Masthead"),
    }
    for key, (value, message) in cases.items():
        response = client.post("/blaize/profile", json={"first-name": "Changed", key: value})
        assert response.status_code == 400, key
        assert response.json()["type"] == "bad-request"
        assert message in response.json()["message"], key
    assert client.get("/blaize/profile").json()["first-name"] == "Ada"  # nothing half-written


def test_updated_values_must_name_sent_fields(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post("/blaize/profile", json={"bio": "x", "updated-values": ["location"]})
    assert response.status_code == 400
    assert "updated-values" in response.json()["message"]


def test_updated_values_may_be_null(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post("/blaize/profile", json={"bio": "x", "updated-values": None})
    assert response.status_code == 200, response.text
    assert response.json()["bio"] == "x"


def test_profiles_are_private_to_their_reader(client: TestClient) -> None:
    register(client, "one@example.com", **{"full-name": "One Reader"})
    client.post("/blaize/logout")
    register(client, "two@example.com", **{"full-name": "Two Reader"})
    assert client.get("/blaize/profile").json()["full-name"] == "Two Reader"


def test_a_birthday_is_a_day_of_its_month_whichever_part_changes(client: TestClient) -> None:
    register(client, "p@example.com")
    saved = client.post("/blaize/profile", json={"birth-month": 2, "birth-day": 29})
    assert saved.status_code == 200, saved.text  # a birthday has no year: February 29th is one
    for update, message in (
        (
            {"birth-day": 30},
            "The birth-day field must be a day of the birth month: February has 29.",
        ),
        ({"birth-month": 4, "birth-day": 31}, "April has 30."),
    ):
        response = client.post("/blaize/profile", json=update)
        assert response.status_code == 400, update
        assert message in response.json()["message"]
    profile = client.get("/blaize/profile").json()
    assert (profile["birth-month"], profile["birth-day"]) == (2, 29)  # nothing half-written
    cleared = client.post("/blaize/profile", json={"birth-month": None, "birth-day": 31})
    assert cleared.status_code == 200, cleared.text  # a day without a month fits any month
    # 3.0 is an integer to JSON: the month it names is kept as 3; 3.5 is no month.
    assert client.post("/blaize/profile", json={"birth-month": 3.0}).json()["birth-month"] == 3
    assert client.post("/blaize/profile", json={"birth-month": 3.5}).status_code == 400
