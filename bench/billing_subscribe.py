"""Subscribe requests per second through the embedded payment sandbox, and nothing charged twice.

    make bench   (or: server/.venv/bin/python bench/billing_subscribe.py [--readers N]
                  [--connections N] [--database-url postgresql+psycopg://...])

Starts Masthead (MASTHEAD_PAYMENTS=sandbox, the default; plan catalogue seeded) on a free
port with a fresh database: a SQLite file, or a new schema in the PostgreSQL database
--database-url names, dropped afterwards. MASTHEAD_WORKER=off unless --worker inprocess: the
webhooks a subscribe queues are then left in the outbox, so the figure is the requests' own.

Preparation, not measured: N readers' accounts and signed-in sessions (written with the
identity service's models, as registration writes them, sharing one password hash); each
reader opens the card form as the account area does (GET /blaize/payment/braintree/token,
which creates the reader's gateway customer) and tokenises the test card 4111 1111 1111 1111
at the sandbox's client API, getting a single-use nonce.

Measured: one POST /blaize/payment/braintree/subscribe per reader, {payment_nonce, plan_id:
sports-monthly, product_id, skip_trial_period: true}, over --connections concurrent keep-alive
connections, from the first request sent to the last answer. Each subscribe vaults the nonce
(a card verification), creates the subscription and charges its first month, and stores the
local subscription and profile.

Checks afterwards, in the database: every reader answered 200 has exactly one local
subscription (the grant_id answered), one sandbox subscription and exactly one charge on any
of their cards; a reader answered otherwise has none. Exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import re
import shutil
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path

from loadkit import HttpConnection, backend_name, percentile, scratch_database, serve
from sqlalchemy import create_engine, func, select

from masthead.billing.memberships.models import BillingSubscription
from masthead.braintree_sandbox.models import (
    SandboxPaymentMethod,
    SandboxSubscription,
    SandboxTransaction,
)
from masthead.identity import passwords
from masthead.identity.cookies import contract_cookie
from masthead.identity.models import Profile, User
from masthead.identity.service import clean_profile_update, start_session
from masthead.settings import Settings
from masthead.wiring import build_process_runtime

PASSWORD = "Bench-Password-1"
PLAN, PRODUCT = "sports-monthly", "sports-membership"
# The last line of a traceback in the server's log: "package.module.SomeError: message".
ERROR_LINE = re.compile(r"^(?:[\w.]+\.)?\w*(?:Error|Exception)\b.*$", re.MULTILINE)
CARD = {
    "number": "4111111111111111",
    "expirationDate": "12/30",
    "cvv": "123",
    "billingAddress": {"postalCode": "10001"},
}


@dataclass
class Reader:
    email: str
    tracking_id: str = ""  # also the reader's gateway customer id
    headers: dict[str, str] = field(default_factory=dict)
    nonce: str = ""
    status: int = 0
    grant_id: str = ""
    latency_ms: float = 0.0


async def expect(
    conn: HttpConnection,
    wanted: int,
    method: str,
    path: str,
    body: object = None,
    **kw: str,
) -> dict[str, object]:
    status, _, content = await conn.request(method, path, body, kw or None)
    if status != wanted:
        raise SystemExit(f"{method} {path}: {status} {content[:300]!r}")
    answer: dict[str, object] = json.loads(content)
    return answer


def sign_up(database_url: str, readers: list[Reader], base: str) -> None:
    """Each reader's account and a signed-in session, written as POST /blaize/register writes
    them (the identity service's own models and session), with one password hash for all:
    argon2id costs ~100 ms a hash by design, which would make preparation the run."""
    settings = Settings(database_url=database_url, seed_demo=False, worker="off")
    runtime = build_process_runtime(settings)
    password_hash = passwords.hash_password(PASSWORD)
    try:
        with runtime.sessions.begin() as db:
            now = runtime.clock.now()
            for reader in readers:
                user = User(
                    email=reader.email,
                    password_hash=password_hash,
                    email_verified=False,
                    tracking_id=str(uuid.uuid4()),
                    created_at=now,
                    updated_at=now,
                )
                attributes = clean_profile_update({"full-name": "Bench Reader"}, {})
                user.profile = Profile(attributes=attributes, updated_at=now)
                db.add(user)
                db.flush()
                issued = start_session(db, runtime, user, "masthead-bench")
                reader.tracking_id = user.tracking_id
                cookie = contract_cookie(issued.token, issued.expires_at).split(";")[0]
                reader.headers = {"Cookie": cookie, "Origin": base}
    finally:
        runtime.engine.dispose()


async def open_card_form(base: str, reader: Reader, conn: HttpConnection) -> None:
    """As the account area's card form does: a client token (which creates the reader's
    gateway customer), then the card tokenised at the sandbox's client API: a nonce."""
    answer = await expect(
        conn, 200, "GET", "/blaize/payment/braintree/token", **reader.headers
    )
    token = json.loads(base64.b64decode(str(answer["token"])))
    client_api = str(token["clientApiUrl"]).removeprefix(base)
    card = {
        "authorizationFingerprint": token["authorizationFingerprint"],
        "creditCard": CARD,
    }
    made = await expect(
        conn, 201, "POST", f"{client_api}/v1/payment_methods/credit_cards", card
    )
    reader.nonce = str(made["creditCards"][0]["nonce"])  # type: ignore[index]


async def subscribe(reader: Reader, conn: HttpConnection) -> None:
    body = {
        "payment_nonce": reader.nonce,
        "plan_id": PLAN,
        "product_id": PRODUCT,
        "skip_trial_period": True,
    }
    started = time.perf_counter()
    try:
        reader.status, _, content = await conn.request(
            "POST", "/blaize/payment/braintree/subscribe", body, reader.headers
        )
    except (OSError, EOFError, ValueError, IndexError):
        conn.close()  # no answer: status stays 0
        return
    finally:
        reader.latency_ms = (time.perf_counter() - started) * 1000
    if reader.status == 200:
        reader.grant_id = str(json.loads(content)["grant_id"])


async def each(
    base: str,
    readers: list[Reader],
    connections: int,
    step: Callable[[Reader, HttpConnection], Awaitable[None]],
) -> float:
    """Run step(reader, connection) for every reader over that many connections: seconds."""
    queue: asyncio.Queue[Reader] = asyncio.Queue()
    for reader in readers:
        queue.put_nowait(reader)

    async def worker() -> None:
        conn = HttpConnection(base)
        try:
            while not queue.empty():
                await step(queue.get_nowait(), conn)
        finally:
            conn.close()

    began = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(connections)))
    return time.perf_counter() - began


def check(database_url: str, readers: list[Reader]) -> list[str]:
    """What must hold in the database after the run; each failure as a sentence."""
    problems: list[str] = []
    engine = create_engine(database_url)
    try:
        with engine.connect() as conn:
            user_ids = dict(conn.execute(select(User.email, User.id)).all())
            local: dict[int, list[str]] = {}
            for user_id, sub_id in conn.execute(
                select(BillingSubscription.user_id, BillingSubscription.id)
            ):
                local.setdefault(user_id, []).append(sub_id)
            owner = dict(
                conn.execute(
                    select(SandboxPaymentMethod.token, SandboxPaymentMethod.customer_id)
                ).all()
            )
            charges = Counter(
                owner.get(token)
                for (token,) in conn.execute(
                    select(SandboxTransaction.payment_method_token)
                )
            )
            sandbox_subs = Counter(
                owner.get(token)
                for (token,) in conn.execute(
                    select(SandboxSubscription.payment_method_token)
                )
            )
            charged_grants = Counter(
                sub_id
                for (sub_id,) in conn.execute(
                    select(SandboxTransaction.subscription_id).where(
                        SandboxTransaction.status == "submitted_for_settlement"
                    )
                )
            )
            total = conn.execute(
                select(func.count()).select_from(SandboxTransaction)
            ).scalar()
    finally:
        engine.dispose()
    for reader in readers:
        rows = local.get(user_ids.get(reader.email, -1), [])
        wanted = 1 if reader.status == 200 else 0
        found = (
            len(rows),
            sandbox_subs[reader.tracking_id],
            charges[reader.tracking_id],
        )
        if found != (wanted, wanted, wanted):
            problems.append(
                f"{reader.email} (answered {reader.status}): {found[0]} local subscriptions, "
                f"{found[1]} sandbox subscriptions, {found[2]} charges; expected {wanted} each"
            )
        elif wanted and (
            rows != [reader.grant_id] or charged_grants[reader.grant_id] != 1
        ):
            problems.append(
                f"{reader.email}: grant {reader.grant_id} is not its charged row"
            )
    answered = sum(r.status == 200 for r in readers)
    if total != answered:
        problems.append(
            f"{total} charges in the sandbox for {answered} subscribes answered 200"
        )
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--readers", type=int, default=300)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--database-url", default="", help="PostgreSQL; default SQLite")
    parser.add_argument("--worker", choices=["off", "inprocess"], default="off")
    args = parser.parse_args()

    readers = [Reader(f"subscriber{i}@example.com") for i in range(args.readers)]
    work = Path(tempfile.mkdtemp(prefix="masthead-subscribe-"))
    env = {
        "MASTHEAD_PAYMENTS": "sandbox",
        "MASTHEAD_WORKER": args.worker,
        "MASTHEAD_RATE_LIMIT_PER_ADDRESS": "1000000000",
        "MASTHEAD_RATE_LIMIT_PER_ACCOUNT": "1000000000",
        "MASTHEAD_CARD_ATTEMPTS_PER_ADDRESS": "1000000000",
    }
    try:
        log = work / "server.log"
        with (
            scratch_database(args.database_url, work) as url,
            serve(url, env, log) as server,
        ):
            base = server.base
            began = time.perf_counter()
            sign_up(url, readers, base)
            asyncio.run(each(base, readers, 4, lambda r, c: open_card_form(base, r, c)))
            prepared = time.perf_counter() - began
            cpu = server.cpu_seconds()
            elapsed = asyncio.run(each(base, readers, args.connections, subscribe))
            cpu = server.cpu_seconds() - cpu
            problems = check(url, readers)
        errors = Counter(ERROR_LINE.findall(log.read_text(errors="replace")))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    latencies = sorted(r.latency_ms for r in readers)
    statuses = Counter(r.status for r in readers)
    print(
        f"Subscribe: {args.readers} readers, one POST /blaize/payment/braintree/subscribe each, "
        f"{args.connections} connections, one server process, "
        f"{backend_name(args.database_url)}, payments sandbox, worker {args.worker}"
    )
    print(
        f"{'preparation (not measured)':<30}{prepared:>10.1f} s  (accounts, card form, nonces)"
    )
    print(f"{'subscribes':<30}{elapsed:>10.1f} s")
    print(f"{'server CPU per subscribe':<30}{cpu / len(readers) * 1000:>10.1f} ms")
    print(f"{'subscribe requests/s':<30}{len(readers) / elapsed:>10.1f}")
    p50, p99 = percentile(latencies, 0.5), percentile(latencies, 0.99)
    print(f"{'p50 / p99 latency ms':<30}{p50:>10.1f} / {p99:.1f}")
    print(f"{'answered 200':<30}{statuses.pop(200, 0):>10}")
    for status, n in sorted(statuses.items()):
        print(f"{f'answered {status}' if status else 'no answer':<30}{n:>10}")
    for error, n in errors.most_common(5):
        print(f"server error ({n}x): {error}")
    for problem in problems[:20]:
        print(f"CHECK FAILED: {problem}")
    verdict = "all passed" if not problems else f"{len(problems)} FAILED"
    print(
        "checks: every 200 has one subscription and one charge, nothing charged twice, "
        f"nothing stored for a refusal: {verdict}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
