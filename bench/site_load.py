"""Load on the paywall's hot paths for a logged-in subscriber, beside a trivial endpoint of
the same server in the same run.

    make bench     (or: server/.venv/bin/python bench/site_load.py [--rounds N] [--seconds N])

Starts Masthead on a fresh SQLite file (or --database-url) with the demo stories, registers
a reader, subscribes them (annual plan, the sandbox's fake-valid-visa-nonce), reads the
nonce from a members-only story's page, then drives with wrk: GET /healthz (trivial),
GET /wp-json/nyp-membership/v1/entitlement (the entitlement decision) and
GET /wp-json/nyp-membership/v1/content/{contentId} (the members' body released), both with
the session cookie and X-WP-Nonce; and, for information, the story page itself. The
endpoints take turns in short rounds, so a busy machine's noise falls on all of them; each
round's ratio to the trivial endpoint is taken, then the median. Prints req/s, p50, p99
(medians of the rounds) and the ratio. Target: the entitlement
decision and the content release at 50% or more of the trivial endpoint.
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

from loadkit import PYTHON, free_port, run_wrk, wait_ready

EMAIL, PASSWORD = "site-bench@example.com", "Bench-Password-1"
STORY = "/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/"
TARGET = 0.5
TRIVIAL = "GET /healthz (trivial)"
ENTITLEMENT = "GET entitlement (decision)"
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
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "MASTHEAD_DATABASE_URL": args.database_url or f"sqlite:///{work / 'bench.db'}",
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
        targets = {
            TRIVIAL: (f"{base}/healthz", ()),
            ENTITLEMENT: (f"{site}/entitlement", auth),
            RELEASE: (f"{site}/content/{content_id}", auth),
            PAGE: (f"{base}{STORY}", auth[:1]),
        }
        # Short rounds, the endpoints in turn: a busy machine's noise falls on all of them.
        rounds: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
        for _ in range(args.rounds):
            for name, (url, headers) in targets.items():
                rounds[name].append(
                    run_wrk(url, args.seconds, args.connections, headers=headers)
                )
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)

    print(
        f"Paywall load (subscriber): {args.rounds} rounds of {args.seconds}s per endpoint, "
        f"{args.connections} connections, one server process, "
        f"{'PostgreSQL' if args.database_url else 'SQLite'}; medians of the rounds"
    )
    print(
        f"{'endpoint':<30}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'ratio':>8}{'non-2xx':>9}"
    )
    ratios = {}
    for name, runs in rounds.items():
        # the ratio of each round (same moment, same load), then the median of those
        ratios[name] = median(
            r["rps"] / t["rps"] for r, t in zip(runs, rounds[TRIVIAL], strict=True)
        )
        print(
            f"{name:<30}{median(r['rps'] for r in runs):>10.0f}"
            f"{median(r['p50'] for r in runs):>10.2f}{median(r['p99'] for r in runs):>10.2f}"
            f"{ratios[name]:>8.0%}{sum(r['other'] for r in runs):>9.0f}"
        )
    for name in (ENTITLEMENT, RELEASE):
        verdict = "met" if ratios[name] >= TARGET else "NOT met"
        print(f"{name} / trivial = {ratios[name]:.0%} (target 50% or more): {verdict}")


if __name__ == "__main__":
    sys.exit(main())
