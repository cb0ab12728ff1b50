"""The staff console's reader search with 1,000,000 readers on PostgreSQL: p50 and p99 of
GET /admin/api/readers?q=... beside a trivial console call, through the real route.

    make bench   (or: server/.venv/bin/python bench/reader_search.py [--readers N]
                  [--seconds N] [--connections N] [--database-url URL] [--refill])

Fills a PostgreSQL database of its own (default masthead_bench_search on 127.0.0.1, made if
missing and kept for the next run; --refill starts it again) with --readers readers in a few
SQL statements (generate_series: names made of syllables, so each first name is shared by
about 1 in 400 readers and each last name by about 1 in 8,000; an account's search terms as
identity keeps them, its email and its names' words), then serves Masthead on it, signs a
support member in (a staff session written straight to the database, as the contract test
does) and drives, one kind at a time, --connections keep-alive connections for --seconds:

- reference: GET /admin/api/me (the same staff session check, no search);
- email prefix: the first 3 to 12 characters of a reader's address;
- name: a reader's first and last name;
- name prefixes: a first name and the first 2 letters of a last name (the slowest shape:
  the longer word's matches are walked, the other word probed for each);
- last name: one word;
- tracking id: a reader's, exactly.

Each query is of a different reader, picked at random from the database. Prints requests/s,
p50 and p99 in ms per kind; the target is a p99 under 100 ms for every search kind. The client
runs on the same machine and takes CPU from the server it measures. Then the service function
alone (identity's search_readers on one session, no HTTP), 200 queries of each kind one at a
time: the query path's own cost.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import quote

from loadkit import ROOT, HttpConnection, percentile, serve
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

DEFAULT_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/masthead_bench_search"
DOMAIN = "bench.example"
STAFF_EMAIL, STAFF_PASSWORD = "search-bench@example.com", "Bench-Support-Password-1"
TARGET_P99_MS = 100.0
SERVICE_ROUNDS = 10
# Names from syllables: 20 x 20 first names, 20 x 20 x 20 last names.
ONSETS = [
    "ka",
    "mo",
    "ri",
    "sa",
    "te",
    "lu",
    "na",
    "bo",
    "di",
    "fe",
    "ga",
    "hi",
    "jo",
    "le",
    "mi",
    "no",
    "pa",
    "ro",
    "su",
    "vi",
]
CODAS = [
    "n",
    "ra",
    "lo",
    "ne",
    "th",
    "ma",
    "rin",
    "sa",
    "to",
    "li",
    "ve",
    "da",
    "nor",
    "ka",
    "mi",
    "son",
    "ley",
    "ton",
    "ria",
    "vin",
]


@dataclass
class Kind:
    name: str
    paths: list[str]


def fill(database_url: str, readers: int, refill: bool) -> None:
    """Make, migrate and fill the database, unless it already holds the readers."""
    from masthead.migrate import upgrade

    target = make_url(database_url)
    admin = create_engine(target.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        exists = conn.scalar(
            text("SELECT 1 FROM pg_database WHERE datname = :name"),
            {"name": target.database},
        )
        if exists and refill:
            conn.execute(text(f'DROP DATABASE "{target.database}" WITH (FORCE)'))
        if not exists or refill:
            conn.execute(text(f'CREATE DATABASE "{target.database}"'))
    admin.dispose()
    upgrade(database_url)
    engine = create_engine(database_url)
    with engine.begin() as conn:
        have = conn.scalar(
            text("SELECT count(*) FROM users WHERE email LIKE :d"), {"d": f"%@{DOMAIN}"}
        )
    if have and have >= readers:
        print(f"{have:,} readers already there (--refill to start again)")
        engine.dispose()
        return
    started = time.monotonic()
    with engine.begin() as conn:
        conn.execute(
            text("DELETE FROM users WHERE email LIKE :d"), {"d": f"%@{DOMAIN}"}
        )
        conn.execute(
            text(
                "CREATE TEMP TABLE gen ON COMMIT DROP AS "
                "SELECT n, first, last, lower(first || '.' || last || n || '@' || :domain) AS email "
                "FROM (SELECT n, initcap(o[1 + n % 20] || c[1 + (n / 20) % 20]) AS first, "
                "initcap(o[1 + (n * 7919) % 20] || o[1 + (n * 104729 / 20) % 20] "
                "|| c[1 + (n * 1299709 / 400) % 20]) AS last "
                "FROM generate_series(1::bigint, :readers) AS n, "
                "(SELECT CAST(:onsets AS text[]) AS o, CAST(:codas AS text[]) AS c) AS syllables"
                ") AS named"
            ),
            {"readers": readers, "onsets": ONSETS, "codas": CODAS, "domain": DOMAIN},
        )
        conn.execute(
            text(
                "INSERT INTO users (email, password_hash, email_verified, tracking_id, "
                "created_at, updated_at) SELECT email, NULL, true, gen_random_uuid()::text, "
                "now(), now() FROM gen ORDER BY n"
            )
        )
        conn.execute(
            text(
                "INSERT INTO profiles (user_id, attributes, updated_at) "
                "SELECT u.id, json_build_object('full-name', first || ' ' || last, "
                "'first-name', first, 'last-name', last), now() "
                "FROM gen JOIN users u ON u.email = gen.email"
            )
        )
        # The terms as identity keeps them (search_terms.terms_for: these names are ASCII,
        # so folding them is lower()), loaded without the indexes, which are built after.
        conn.execute(
            text(
                "ALTER TABLE reader_search_terms DROP CONSTRAINT pk_reader_search_terms"
            )
        )
        conn.execute(text("DROP INDEX ix_reader_search_terms_term_user_id"))
        conn.execute(
            text(
                "INSERT INTO reader_search_terms (user_id, term) "
                "SELECT DISTINCT u.id, t.term FROM gen JOIN users u ON u.email = gen.email, "
                "LATERAL (VALUES (gen.email), (lower(first)), (lower(last))) AS t(term)"
            )
        )
        conn.execute(
            text(
                "ALTER TABLE reader_search_terms "
                "ADD CONSTRAINT pk_reader_search_terms PRIMARY KEY (user_id, term)"
            )
        )
        conn.execute(
            text(
                "CREATE INDEX ix_reader_search_terms_term_user_id "
                "ON reader_search_terms (term, user_id)"
            )
        )
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE users"))
        conn.execute(text("VACUUM ANALYZE profiles"))
        conn.execute(text("VACUUM ANALYZE reader_search_terms"))
    engine.dispose()
    print(f"filled {readers:,} readers in {time.monotonic() - started:.0f} s")


def staff_cookie(database_url: str) -> str:
    """A support member's staff session, written as the console's sign-in writes one."""
    import pyotp
    from masthead.deps import build_runtime
    from masthead.identity.api import create_account, token_hash, user_by_email
    from masthead.settings import Settings
    from masthead.staff import service as staff_service
    from masthead.staff.api import STAFF_COOKIE
    from masthead.staff.models import StaffSession, StaffTotp

    runtime = build_runtime(
        Settings(database_url=database_url, worker="off", seed_demo=False)
    )
    now, token = datetime.now(UTC), secrets.token_urlsafe(32)
    with runtime.sessions.begin() as db:
        user = user_by_email(db, STAFF_EMAIL) or create_account(
            db, runtime, STAFF_EMAIL, STAFF_PASSWORD, "Search Bench"
        )
        staff_service.change_roles(db, now, user, ["support"], None, "bench")
        if db.get(StaffTotp, user.id) is None:
            secret = pyotp.random_base32()
            db.add(
                StaffTotp(
                    user_id=user.id, secret=secret, created_at=now, enrolled_at=now
                )
            )
        db.add(
            StaffSession(
                token_hash=token_hash(token),
                user_id=user.id,
                created_at=now,
                expires_at=now + timedelta(hours=8),
                last_seen_at=now,
                reauthenticated_until=None,
                password_stamp=staff_service.password_stamp(user),
            )
        )
    runtime.engine.dispose()
    return f"{STAFF_COOKIE}={token}"


def kinds(database_url: str, samples: int) -> list[Kind]:
    engine = create_engine(database_url)
    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT u.email, u.tracking_id, p.attributes->>'first-name', "
                "p.attributes->>'last-name' FROM users u TABLESAMPLE SYSTEM (1) "
                "JOIN profiles p ON p.user_id = u.id WHERE u.email LIKE :d LIMIT :n"
            ),
            {"d": f"%@{DOMAIN}", "n": samples},
        ).all()
    engine.dispose()
    rng = random.Random(7)
    rng.shuffle(rows)

    def search(q: str) -> str:
        return f"/admin/api/readers?q={quote(q)}&limit=20"

    return [
        Kind("reference (/admin/api/me)", ["/admin/api/me"]),
        Kind("email prefix", [search(e[: rng.randint(3, 12)]) for e, _, _, _ in rows]),
        Kind("name", [search(f"{f} {last}") for _, _, f, last in rows]),
        Kind("name prefixes", [search(f"{f} {last[:2]}") for _, _, f, last in rows]),
        Kind("last name", [search(last) for _, _, _, last in rows]),
        Kind("tracking id", [search(t) for _, t, _, _ in rows]),
    ]


async def drive(
    base: str, cookie: str, kind: Kind, seconds: float, connections: int
) -> dict[str, float]:
    latencies: list[float] = []
    failures = 0
    deadline = time.monotonic() + seconds

    async def one(worker: int) -> None:
        nonlocal failures
        conn = HttpConnection(base)
        i = worker
        try:
            while time.monotonic() < deadline:
                path = kind.paths[i % len(kind.paths)]
                i += connections
                start = time.perf_counter()
                status, _, _ = await conn.request(
                    "GET", path, headers={"Cookie": cookie}
                )
                latencies.append((time.perf_counter() - start) * 1000)
                if status != 200:
                    failures += 1
        finally:
            conn.close()

    started = time.monotonic()
    await asyncio.gather(*(one(w) for w in range(connections)))
    elapsed = time.monotonic() - started
    latencies.sort()
    return {
        "rps": len(latencies) / elapsed,
        "p50": percentile(latencies, 0.50),
        "p99": percentile(latencies, 0.99),
        "failures": float(failures),
        "count": float(len(latencies)),
    }


def service_times(database_url: str, kind: Kind, rounds: int) -> dict[str, float]:
    """The search's service function (identity's search_readers) on one real session, one
    query at a time: the query path without HTTP, the staff check or JSON."""
    from urllib.parse import parse_qs, urlsplit

    from masthead.identity.api import search_readers
    from sqlalchemy.orm import Session

    engine = create_engine(database_url)
    latencies: list[float] = []
    with Session(engine) as db:
        for path in kind.paths[: rounds * 20]:
            q = parse_qs(urlsplit(path).query)["q"][0]
            start = time.perf_counter()
            search_readers(db, q, None, 20)
            latencies.append((time.perf_counter() - start) * 1000)
            db.rollback()
    engine.dispose()
    latencies.sort()
    return {"p50": percentile(latencies, 0.50), "p99": percentile(latencies, 0.99)}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--readers", type=int, default=1_000_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--refill", action="store_true")
    args = parser.parse_args()
    if not args.database_url.startswith("postgresql"):
        raise SystemExit(
            "the reader search is measured on PostgreSQL: give a postgresql+psycopg URL"
        )

    fill(args.database_url, args.readers, args.refill)
    cookie = staff_cookie(args.database_url)
    work = kinds(args.database_url, 2000)
    log = Path(ROOT / "var" / "bench-reader-search.log")
    log.parent.mkdir(exist_ok=True)
    worst = 0.0
    with serve(args.database_url, env={"MASTHEAD_WORKER": "off"}, log=log) as server:
        print(
            f"\n{args.readers:,} readers, {args.connections} connections, {args.seconds:.0f} s each"
        )
        print(f"{'query':28} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'non-200':>8}")
        for kind in work:
            result = asyncio.run(
                drive(server.base, cookie, kind, args.seconds, args.connections)
            )
            print(
                f"{kind.name:28} {result['rps']:8.0f} {result['p50']:8.1f} {result['p99']:8.1f} "
                f"{result['failures']:8.0f}"
            )
            if not kind.name.startswith("reference"):
                worst = max(worst, result["p99"])
            if result["failures"]:
                raise SystemExit(f"{kind.name}: answers other than 200 (see {log})")
    print(
        f"\nthe service function alone, one query at a time ({SERVICE_ROUNDS * 20} queries):"
    )
    print(f"{'query':28} {'p50 ms':>8} {'p99 ms':>8}")
    for kind in work[1:]:
        alone = service_times(args.database_url, kind, SERVICE_ROUNDS)
        print(f"{kind.name:28} {alone['p50']:8.1f} {alone['p99']:8.1f}")
    verdict = "met" if worst < TARGET_P99_MS else "NOT met"
    print(
        f"\nworst search p99 {worst:.1f} ms: target p99 < {TARGET_P99_MS:.0f} ms {verdict}"
    )
    if worst >= TARGET_P99_MS:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
