"""POST /blaize/profile: a display name or bio the profanity check refuses is not kept."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.identity.helpers import register


def test_a_profane_display_name_is_refused_and_not_kept(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post("/blaize/profile", json={"display-name": "Sh1t Happens"})
    assert response.status_code == 400
    assert response.json() == {
        "type": "profane-text",
        "message": "Your display name contains “sh1t”, which isn't allowed here. "
        "Please reword it and try again.",
        "field": "display-name",
    }
    assert client.get("/blaize/profile").json()["display-name"] == ""


def test_a_profane_bio_is_refused_and_nothing_of_the_save_is_kept(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post(
        "/blaize/profile",
        json={"display-name": "Ada", "bio": "Loves engines and f.u.c.k.i.n.g maths"},
    )
    assert response.status_code == 400
    assert response.json()["field"] == "bio"
    assert response.json()["message"].startswith("Your bio contains “fucking”")
    profile = client.get("/blaize/profile").json()
    assert (profile["display-name"], profile["bio"]) == ("", "")


def test_names_and_ordinary_words_are_kept(client: TestClient) -> None:
    register(client, "p@example.com")
    response = client.post(
        "/blaize/profile",
        json={"display-name": "Dick Van Dyke", "bio": "From Scunthorpe; does assessments."},
    )
    assert response.status_code == 200, response.text
    assert response.json()["display-name"] == "Dick Van Dyke"
    assert response.json()["bio"] == "From Scunthorpe; does assessments."


def test_other_fields_are_not_screened(client: TestClient) -> None:
    # Only what other readers see goes through the check; a reason for cancelling is the
    # reader's own words to the publisher.
    register(client, "p@example.com")
    response = client.post("/blaize/profile", json={"cancel-reason-text": "too much shit news"})
    assert response.status_code == 200, response.text
