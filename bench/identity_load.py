"""Load on the identity hot paths beside a trivial endpoint of the same server, same run.

    make bench            (or: server/.venv/bin/python bench/identity_load.py [--seconds N])

Starts Masthead on a fresh SQLite file (or --database-url), signs a reader in, then drives
GET /healthz (trivial), GET /blaize/datalayer (logged in) and POST /blaize/login with wrk,
and prints req/s, p50, p99 and each endpoint's ratio to the trivial one.
Target: datalayer at 50% or more of the trivial endpoint.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

from loadkit import PYTHON, free_port, run_wrk, wait_ready

EMAIL, PASSWORD = "bench@example.com", "Bench-Password-1"


def post_json(url: str, body: dict[str, object]) -> tuple[int, str]:
    request = urllib.request.Request(
        url,
        json.dumps(body).encode(),
        {"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        return response.status, response.read().decode()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=int, default=8)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--database-url", default="")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")

    work = Path(tempfile.mkdtemp(prefix="masthead-bench-"))
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
        [str(PYTHON), "-m", "masthead.serve", "--port", str(port), "--no-seed"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(base, server)
        identity = {
            "identifiers": {"email_address": EMAIL},
            "validators": {"password": PASSWORD},
        }
        post_json(
            f"{base}/blaize/register",
            {**identity, "attributes": {"full-name": "Bench Reader"}},
        )
        _, body = post_json(f"{base}/blaize/login", identity)
        cookie = json.loads(body)["cookie"].split(";")[0]
        login_lua = work / "login.lua"
        login_lua.write_text(
            'wrk.method = "POST"\n'
            f"wrk.body = '{json.dumps(identity)}'\n"
            'wrk.headers["Content-Type"] = "application/json"\n'
        )
        c, s = args.connections, args.seconds
        results = {
            "GET /healthz (trivial)": run_wrk(f"{base}/healthz", s, c),
            "GET /blaize/datalayer": run_wrk(
                f"{base}/blaize/datalayer", s, c, headers=(f"Cookie: {cookie}",)
            ),
            # argon2id makes each login cost ~100 ms of CPU by design: few connections.
            "POST /blaize/login": run_wrk(
                f"{base}/blaize/login", s, 4, script=login_lua
            ),
        }
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)

    trivial = results["GET /healthz (trivial)"]["rps"]
    print(
        f"Identity load: {s}s per endpoint, {c} connections, one server process, "
        f"{'PostgreSQL' if args.database_url else 'SQLite'}"
    )
    print(
        f"{'endpoint':<26}{'req/s':>10}{'p50 ms':>10}{'p99 ms':>10}{'ratio':>8}{'non-2xx':>9}"
    )
    for name, r in results.items():
        print(
            f"{name:<26}{r['rps']:>10.0f}{r['p50']:>10.2f}{r['p99']:>10.2f}"
            f"{r['rps'] / trivial:>8.0%}{r['other']:>9.0f}"
        )
    ratio = results["GET /blaize/datalayer"]["rps"] / trivial
    print(
        f"datalayer / trivial = {ratio:.0%} (target 50% or more): {'met' if ratio >= 0.5 else 'NOT met'}"
    )


if __name__ == "__main__":
    sys.exit(main())
