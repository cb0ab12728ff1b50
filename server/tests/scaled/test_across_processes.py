"""Nothing per reader lives in one process: one reader's consecutive requests go to different
web processes (as a load balancer sends them) and everything still holds — the session, the
site API's nonce, the rate limits (Redis), the comments' sign-on codes and their live
updates, and the job workers' claims (each mail sent once by two workers)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from itertools import cycle
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.scaled.receivers import MailServer
from tests.scaled.topology import METRICS_KEY, Processes, register

DEMO_READER, DEMO_PASSWORD = "reader@example.com", "Masthead-Demo-1"  # masthead/seed.py
MAIN_SPOT, RALLY = "sp_MhMain01", 3101  # a demo story of the main brand (articles/demo_content.py)


def _reader(topology: Processes, label: str) -> tuple[httpx.Client, str]:
    """A browser: one cookie jar for every process (they share a host), the site's Origin."""
    email = f"{label}-{time.monotonic_ns()}@example.com"
    client = httpx.Client(headers={"Origin": topology.public_url}, timeout=10)
    return client, email


def test_a_session_and_a_nonce_from_one_process_work_on_another(topology: Processes) -> None:
    a, b = topology.web[:2]
    client, email = _reader(topology, "session")
    register(client, a, email)
    layer = client.get(f"{b}/blaize/datalayer")
    assert layer.status_code == 200 and layer.json()["dataLayer"]["loggedIn"] is True
    nonce = client.get(f"{a}/wp-json/nyp-membership/v1/nonce").json()["nonce"]
    lists = client.post(
        f"{b}/wp-json/nyp-membership/v1/newsletters",
        data={"action": "read", "email": email, "_ajax_nonce": nonce},
    )
    assert lists.status_code == 200, lists.text
    assert client.post(f"{b}/blaize/logout").status_code == 200
    assert client.get(f"{a}/blaize/datalayer").status_code == 401  # signed out everywhere


def test_rate_limits_count_across_processes(topology: Processes) -> None:
    client, email = _reader(topology, "limits")
    register(client, topology.web[0], email)
    wrong = {"identifiers": {"email_address": email}, "validators": {"password": "Wrong-Horse-9"}}
    statuses = [
        client.post(f"{base}/blaize/login", json=wrong).status_code
        for base, _ in zip(cycle(topology.web[:2]), range(5), strict=False)
    ]
    # Four attempts per account (the setting above), two on each process; the fifth refused.
    assert statuses == [401, 401, 401, 401, 429]


def test_comments_sign_on_and_live_updates_across_processes(topology: Processes) -> None:
    a, b = topology.web[:2]
    client, _ = _reader(topology, "comments")
    # The demo reader has published comments before, so pre-moderation lets theirs through.
    demo = {
        "identifiers": {"email_address": DEMO_READER},
        "validators": {"password": DEMO_PASSWORD},
    }
    assert client.post(f"{a}/blaize/login", json=demo).status_code == 200
    code_a = client.post(f"{b}/comments/v1/sso/start").json()["code_a"]
    code_b = client.post(
        f"{a}/plugins/public/openweb-v2/sso", json={"code_a": code_a, "user_name": "Ada"}
    ).json()["codeB"]
    signed = client.post(f"{b}/comments/v1/sso/complete", json={"codeB": code_b})
    assert signed.status_code == 200, signed.text

    story = {"spot_id": MAIN_SPOT, "post_id": str(RALLY)}
    with httpx.stream("GET", f"{a}/comments/v1/live", params=story, timeout=15) as stream:
        lines = stream.iter_lines()
        assert _until(lines, lambda line: line.startswith(": watching"))
        posted = client.post(
            f"{b}/comments/v1/messages",
            json={"spot_id": MAIN_SPOT, "post_id": RALLY, "body": "Seen from the other process."},
        )
        assert posted.status_code == 201, posted.text
        assert posted.json()["status"] == "published"
        data = _until(lines, lambda line: line.startswith("data: "))
        assert json.loads(data.removeprefix("data: "))["id"] == posted.json()["comment"]["id"]


def _until(lines: Iterator[str], wanted: object, limit: int = 50) -> str:
    for line, _ in zip(lines, range(limit), strict=False):
        if callable(wanted) and wanted(line):
            return line
    raise AssertionError("the stream did not send it")


def test_two_job_workers_send_each_mail_once(topology: Processes, mail_server: MailServer) -> None:
    client, _ = _reader(topology, "mail")
    emails = [f"mail-{n}-{time.monotonic_ns()}@example.com" for n in range(12)]
    for email, base in zip(emails, cycle(topology.web[:2]), strict=False):
        register(httpx.Client(headers={"Origin": topology.public_url}, timeout=10), base, email)
        assert (
            client.post(
                f"{base}/blaize/users/reset", json={"identifiers": {"email_address": email}}
            ).status_code
            == 201
        )

    def attempts() -> list[tuple[str, str]]:
        """Each attempt at sending one of our mails: (to, subject)."""
        keys = list(mail_server.deliveries.keys)
        return [mail_server.mail[key] for key in keys if mail_server.mail[key][0] in emails]

    deadline = time.monotonic() + 30
    while len(attempts()) < 2 * len(emails) and time.monotonic() < deadline:
        time.sleep(0.3)
    time.sleep(1)  # a double delivery would land now
    sent = attempts()
    # Each reader: one welcome mail and one reset mail, whichever worker took which job, each
    # sent once (not even twice under one Message-ID).
    assert len(sent) == 2 * len(emails)
    assert len(set(sent)) == len(sent)


def test_one_scrape_counts_every_processs_requests(topology: Processes) -> None:
    a, b = topology.web[:2]
    auth = {"Authorization": f"Bearer {METRICS_KEY}"}

    def served() -> float:
        text = httpx.get(f"{a}/metrics", headers=auth).text
        return sum(
            sample.value
            for family in text_string_to_metric_families(text)
            for sample in family.samples
            if sample.name == "masthead_http_requests_total"
            and sample.labels.get("route") == "/readyz"
        )

    before = served()
    for _ in range(3):
        assert httpx.get(f"{b}/readyz").status_code == 200
    assert served() - before == 3  # served by B, counted in A's scrape


def test_every_line_is_json_with_the_request_id(topology: Processes) -> None:
    answer = httpx.get(f"{topology.web[1]}/healthz", headers={"X-Request-Id": "trace-me-0042"})
    assert answer.headers["x-request-id"] == "trace-me-0042"
    time.sleep(0.3)
    lines = [
        json.loads(line)
        for path in Path(topology.log_dir).glob("web-*.log")
        for line in path.read_text().splitlines()
        if line.startswith("{")
    ]
    access = [line for line in lines if line.get("request_id") == "trace-me-0042"]
    assert access and access[0]["route"] == "/healthz" and access[0]["status"] == 200
