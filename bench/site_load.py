"""Load on the paywall's hot paths for a logged-in subscriber, beside a trivial endpoint of
the same server in the same run.

    make bench     (or: server/.venv/bin/python bench/site_load.py [--rounds N] [--seconds N])

Starts Masthead on a fresh SQLite file (or, given --database-url, a fresh schema in that
PostgreSQL database, dropped afterwards) with the demo stories, registers
a reader, subscribes them (annual plan, the sandbox's fake-valid-visa-nonce), reads the
nonce from a members-only story's page, then drives with wrk: GET /healthz (trivial),
POST /zephr/decision-engine for membership-entitlement-check (the entitlement decision, the
body the page's islands send, with the session cookie; checked to answer true first) and
GET /wp-json/nyp-membership/v1/content/{contentId} (the members' body released, with the
session cookie and X-WP-Nonce); and, for information, the story page itself. The
endpoints take turns in short rounds, so a busy machine's noise falls on all of them; each
round's ratio to the trivial endpoint is taken, then the median. Prints req/s, p50, p99
(medians of the rounds), the ratio and the load average around the run (the machine may be
shared: judge by the ratio). Target: the entitlement
decision (the engine's) and the content release at 50% or more of the trivial endpoint.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path
from statistics import median

from loadkit import PYTHON, free_port, run_wrk, scratch_database, wait_ready

EMAIL, PASSWORD = "site-bench@example.com", "Bench-Password-1"
STORY = "/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/"
TARGET = 0.5
TRIVIAL = "GET /healthz (trivial)"
DECISION = "POST decision-engine (entitled?)"
RELEASE = "GET content/{id} (release)"
PAGE = "GET story page (HTML)"


def call(url: str, body: dict[str, object] | None = None, cookie: str = "") -> str:
    headers = {"content-type": "application/json"}
    if cookie:
        headers["cookie"] = cookie
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data, headers, method="GET" if body is None else "POST"
    )
    with urllib.request.urlopen(request) as response:
        return str(response.read().decode())


def decision_body(content_id: str) -> dict[str, object]:
    """What the page's islands send (web/src/site/decisions.ts) for the entitlement check."""
    return {
        "sdkFeatureSlug": "membership-entitlement-check",
        "path": STORY,
        "contentId": content_id,
        "userAgent": "Mozilla/5.0 (X11; Linux x86_64) site-bench",
        "session": None,
    }


def post_script(work: Path, body: dict[str, object]) -> Path:
    """A wrk script that POSTs body as JSON."""
    script = work / "decision.lua"
    payload = json.dumps(body).replace("\\", "\\\\").replace("'", "\\'")
    script.write_text(
        'wrk.method = "POST"\n'
        f"wrk.body = '{payload}'\n"
        'wrk.headers["Content-Type"] = "application/json"\n'
    )
    return script


def subscriber(base: str) -> tuple[str, str, str]:
    """A subscribed reader's cookie, the story's content id and the page's nonce."""
    identity = {
        "identifiers": {"email_address": EMAIL},
        "validators": {"password": PASSWORD},
    }
    call(
        f"{base}/blaize/register",
        {**identity, "attributes": {"full-name": "Bench Member"}},
    )
    cookie = json.loads(call(f"{base}/blaize/login", identity))["cookie"].split(";")[0]
    call(
        f"{base}/blaize/payment/braintree/subscribe",
        {
            "plan_id": "sports-annual",
            "product_id": "sports-membership",
            "payment_nonce": "fake-valid-visa-nonce",
        },
        cookie,
    )
    page = call(f"{base}{STORY}", cookie=cookie)
    found = re.search(r'id="membership-content">(\{.*?\})</script>', page)
    if found is None:
        raise SystemExit("the story page has no membership-content block")
    content = json.loads(found.group(1))
    return cookie, content["contentId"], content["nonce"]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=3, help="per endpoint and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")

    work = Path(tempfile.mkdtemp(prefix="masthead-site-bench-"))
    load_before = os.getloadavg()
    try:
        with scratch_database(args.database_url, work) as database_url:
            rounds = drive(args, database_url, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    report(args, rounds, load_before)


def drive(
    args: argparse.Namespace, database_url: str, work: Path
) -> dict[str, list[dict[str, float]]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "MASTHEAD_DATABASE_URL": database_url,
        "MASTHEAD_PUBLIC_URL": base,
        "MASTHEAD_RATE_LIMIT_PER_ADDRESS": "1000000000",
        "MASTHEAD_RATE_LIMIT_PER_ACCOUNT": "1000000000",
    }
    server = subprocess.Popen(
        [str(PYTHON), "-m", "masthead.serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(base, server)
        cookie, content_id, nonce = subscriber(base)
        auth = (f"Cookie: {cookie}", f"X-WP-Nonce: {nonce}")
        site = f"{base}/wp-json/nyp-membership/v1"
        engine = f"{base}/zephr/decision-engine"
        asked = json.loads(call(engine, decision_body(content_id), cookie))
        if asked["outputValue"] is not True:
            raise SystemExit(f"the subscriber is not entitled: {asked}")
        script = post_script(work, decision_body(content_id))
        targets = {
            TRIVIAL: (f"{base}/healthz", (), None),
            DECISION: (engine, auth[:1], script),
            RELEASE: (f"{site}/content/{content_id}", auth, None),
            PAGE: (f"{base}{STORY}", auth[:1], None),
        }
        # Short rounds, the endpoints in turn: a busy machine's noise falls on all of them.
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (url, headers, lua) in targets.items():
                rounds[name].append(
                    run_wrk(url, args.seconds, args.connections, script=lua, headers=headers)
                )
    finally:
        server.terminate()
        server.wait(10)
    return rounds


def report(
    args: argparse.Namespace,
    rounds: dict[str, list[dict[str, float]]],
    load_before: tuple[float, float, float],
) -> None:
    print(
        f"Paywall load (subscriber): {args.rounds} rounds of {args.seconds}s per endpoint, "
        f"{args.connections} connections, one server process, "
        f"{'PostgreSQL' if args.database_url else 'SQLite'}; medians of the rounds"
    )
    print(
        f"{'endpoint':<34}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'ratio':>8}{'non-2xx':>9}"
    )
    ratios = {}
    for name, runs in rounds.items():
        # the ratio of each round (same moment, same load), then the median of those
        ratios[name] = median(
            r["rps"] / t["rps"] for r, t in zip(runs, rounds[TRIVIAL], strict=True)
        )
        print(
            f"{name:<34}{median(r['rps'] for r in runs):>10.0f}"
            f"{median(r['p50'] for r in runs):>10.2f}{median(r['p99'] for r in runs):>10.2f}"
            f"{ratios[name]:>8.0%}{sum(r['other'] for r in runs):>9.0f}"
        )
    for name in (DECISION, RELEASE):
        verdict = "met" if ratios[name] >= TARGET else "NOT met"
        print(f"{name} / trivial = {ratios[name]:.0%} (target 50% or more): {verdict}")
    before, after = (
        " ".join(f"{x:.2f}" for x in load) for load in (load_before, os.getloadavg())
    )
    print(f"load average (1, 5, 15 min) before: {before}; after: {after}")


if __name__ == "__main__":
    sys.exit(main())
