"""The dev text outbox: the texts shown newest first, escaped, and the STOP reply that turns a
number's alerts off as a provider's inbound webhook would."""

from __future__ import annotations

from fastapi.testclient import TestClient

from masthead.deps import Runtime
from masthead.texts import wording
from tests.texts.helpers import ALERTS, E164, consents, deliver, ok, opt_in, sign_in_member, texts


def test_the_page_lists_texts_newest_first(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    ok(client.delete(ALERTS))
    deliver(runtime)
    page = client.get("/dev/texts")
    assert page.status_code == 200
    assert "default-src 'none'" in page.headers["content-security-policy"]
    html = page.text
    assert html.index("unsubscribed from text alerts") < html.index("signed up for text alerts")
    listed = client.get("/dev/texts.json", params={"to": E164}).json()
    assert [t["body"] for t in listed] == [wording.OPTED_OUT_TEXT, wording.OPTED_IN_TEXT]


def test_reply_stop_opts_the_number_out(client: TestClient, runtime: Runtime) -> None:
    sign_in_member(client, runtime)
    ok(opt_in(client))
    deliver(runtime)
    [text] = client.get("/dev/texts.json").json()
    answer = client.post(f"/dev/texts/{text['id']}/stop", follow_redirects=False)
    assert answer.status_code == 303 and answer.headers["location"] == "/dev/texts"
    assert ok(client.get(ALERTS))["opted_in"] is False
    [consent] = consents(runtime)
    assert consent.withdrawn_by == "stop"
    deliver(runtime)
    assert texts(runtime) == [wording.OPTED_IN_TEXT, wording.OPTED_OUT_TEXT]
    assert "The reader replied STOP." in client.get("/dev/texts").text
    assert client.post("/dev/texts/9999/stop").status_code == 404
