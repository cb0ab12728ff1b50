"""One renewal run of the payment sandbox over 100,000 due subscriptions: time and rate.

    make bench   (or: server/.venv/bin/python bench/billing_renewals.py [--due N] [--workers N]
                  [--database-url postgresql+psycopg://...])

Prepares (not measured) a fresh database — a SQLite file, or a new schema in the PostgreSQL
database --database-url names, dropped afterwards — holding N due monthly subscriptions
(each with its customer, its card and the charge of its first cycle, bulk inserted straight
into the sandbox's tables), one in 50 priced at 2001.00 so the sandbox declines it by amount
(Insufficient Funds), and a few thousand that are not due (billed tomorrow, or cancelled).
Then times one renewal run across --workers processes (default 2, as two job workers whose
periodic hooks fire together): each calls `masthead.braintree_sandbox.cycles.advance` as the
worker does, on a clock frozen at 09:00 on the due day, and they share the due subscriptions
out between them (rows one holds are skipped by the other). Prints the run's wall time, each
worker's share, and renewals per second. Issue 18's target: 100,000 across 2 workers on
PostgreSQL in 2 minutes or less.

The local billing_subscriptions copies are not prepared: a renewal touches only the
sandbox's tables and the outbox; the webhooks it queues update the local copies later, in
the worker, and are not part of this figure.

Checks afterwards: each due subscription charged exactly once, on the due day; the approved
ones Active and paid through the new period, the declined ones Past Due owing the amount;
every next billing date moved one month; nothing not due touched; the webhooks queued
(outbox rows) one per approved charge and two per decline. Exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import multiprocessing
import shutil
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from loadkit import backend_name, cpu_seconds, is_postgres, scratch_database
from sqlalchemy import Engine, create_engine, func, insert, select, text

from masthead.billing.gateway import WEBHOOK_TOPIC
from masthead.braintree_sandbox.cycles import CycleReport, advance
from masthead.braintree_sandbox.models import (
    SandboxCustomer,
    SandboxPaymentMethod,
    SandboxPlan,
    SandboxSubscription,
    SandboxTransaction,
)
from masthead.clock import FrozenClock
from masthead.jobs.models import OutboxJob
from masthead.settings import Settings
from masthead.wiring import build_process_runtime

DUE = date(2027, 3, 15)
NEXT = date(2027, 4, 15)
PREVIOUS = date(2027, 2, 15)
PRICE = Decimal("9.99")
DECLINED_PRICE = Decimal("2001.00")  # the sandbox declines 2000.00-2999.99 by amount
DECLINE_EVERY = 50
PLAN = "bench-monthly"
BATCH = 5000  # rows per bulk insert


def chunks(rows: Iterable[dict[str, Any]], size: int = BATCH) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def prepare(engine: Engine, due: int, not_due: int) -> None:
    """Customers, cards, subscriptions and their first charges, by bulk insert."""
    created = datetime(2027, 2, 15, 9, 0, tzinfo=UTC)
    total = due + not_due

    def sub_id(i: int) -> str:
        return f"bs{i:07d}"

    def subscription(i: int) -> dict[str, Any]:
        declines = i < due and i % DECLINE_EVERY == DECLINE_EVERY - 1
        row: dict[str, Any] = {
            "id": sub_id(i),
            "payment_method_token": f"bt{i:07d}",
            "plan_id": PLAN,
            "price": DECLINED_PRICE if declines else PRICE,
            "status": "Active",
            "billing_frequency": 1,
            "billing_day_of_month": DUE.day,
            "first_billing_date": PREVIOUS,
            "next_billing_date": DUE,
            "paid_through_date": DUE - timedelta(days=1),
            "billing_period_start_date": PREVIOUS,
            "billing_period_end_date": DUE - timedelta(days=1),
            "current_billing_cycle": 1,
            "number_of_billing_cycles": None,
            "trial_period": False,
            "trial_duration": None,
            "trial_duration_unit": None,
            "failure_count": 0,
            "balance": Decimal("0.00"),
            "created_at": created,
            "updated_at": created,
            "version": 1,
        }
        if i >= due:  # not due: half billed tomorrow, half cancelled
            if i % 2:
                row["next_billing_date"] = DUE + timedelta(days=1)
                row["billing_day_of_month"] = DUE.day + 1
            else:
                row["status"] = "Canceled"
        return row

    with engine.begin() as conn:
        conn.execute(
            insert(SandboxPlan),
            [
                {
                    "id": PLAN,
                    "name": "Bench monthly",
                    "price": PRICE,
                    "billing_frequency": 1,
                }
            ],
        )
        for batch in chunks(
            {
                "id": f"bc{i:07d}",
                "email": f"renewal{i}@example.com",
                "first_name": "Bench",
                "last_name": f"Reader {i}",
                "created_at": created,
            }
            for i in range(total)
        ):
            conn.execute(insert(SandboxCustomer), batch)
        for batch in chunks(
            {
                "token": f"bt{i:07d}",
                "customer_id": f"bc{i:07d}",
                "kind": "CreditCard",
                "card_type": "Visa",
                "bin": "411111",
                "last_4": "1111",
                "expiration_month": 12,
                "expiration_year": 2030,
                "cardholder_name": "Bench Reader",
                "billing_postal_code": "10001",
                "behaviour": "",
                "is_default": True,
                "created_at": created,
                "updated_at": created,
            }
            for i in range(total)
        ):
            conn.execute(insert(SandboxPaymentMethod), batch)
        for batch in chunks(subscription(i) for i in range(total)):
            conn.execute(insert(SandboxSubscription), batch)
        for batch in chunks(
            {
                "id": f"tx{i:07d}",
                "subscription_id": sub_id(i),
                "billing_date": PREVIOUS,
                "payment_method_token": f"bt{i:07d}",
                "payment_instrument_type": "credit_card",
                "amount": PRICE,
                "status": "settled",
                "processor_response_code": "1000",
                "processor_response_text": "Approved",
                "created_at": created,
            }
            for i in range(total)
        ):
            conn.execute(insert(SandboxTransaction), batch)


def check(engine: Engine, due: int, not_due: int, report: Any) -> list[str]:
    """What must hold after the run; each failure as a sentence."""
    declines = due // DECLINE_EVERY
    problems: list[str] = []

    def expect(what: str, got: object, wanted: object) -> None:
        if got != wanted:
            problems.append(f"{what}: {got}, expected {wanted}")

    subs = SandboxSubscription
    tx = SandboxTransaction
    with engine.connect() as conn:

        def scalar(query: Any) -> Any:
            return conn.execute(query).scalar()

        per_sub = (
            select(tx.subscription_id, func.count().label("n"))
            .where(tx.billing_date == DUE)
            .group_by(tx.subscription_id)
            .subquery()
        )
        expect(
            "subscriptions charged on the due day",
            scalar(select(func.count()).select_from(per_sub)),
            due,
        )
        expect(
            "subscriptions charged more than once",
            scalar(select(func.count()).where(per_sub.c.n > 1)),
            0,
        )
        expect(
            "charges in all",
            scalar(select(func.count()).select_from(tx)),
            2 * due + not_due,
        )
        expect(
            "charges declined on the due day",
            scalar(
                select(func.count()).where(
                    tx.billing_date == DUE, tx.status == "processor_declined"
                )
            ),
            declines,
        )
        expect(
            "declined at 2001.00 with 'Insufficient Funds'",
            scalar(
                select(func.count()).where(
                    tx.billing_date == DUE,
                    tx.amount == DECLINED_PRICE,
                    tx.processor_response_text == "Insufficient Funds",
                )
            ),
            declines,
        )
        expect(
            "due subscriptions not moved one cycle",
            scalar(
                select(func.count()).where(
                    subs.id < f"bs{due:07d}",
                    (subs.next_billing_date != NEXT)
                    | (subs.billing_period_start_date != DUE)
                    | (subs.current_billing_cycle != 2),
                )
            ),
            0,
        )
        expect(
            "renewed Active, paid through the new period",
            scalar(
                select(func.count()).where(
                    subs.status == "Active",
                    subs.paid_through_date == NEXT - timedelta(days=1),
                    subs.balance == Decimal("0.00"),
                )
            ),
            due - declines,
        )
        expect(
            "declined Past Due, owing 2001.00",
            scalar(
                select(func.count()).where(
                    subs.status == "Past Due",
                    subs.balance == DECLINED_PRICE,
                    subs.failure_count == 1,
                    subs.paid_through_date == DUE - timedelta(days=1),
                )
            ),
            declines,
        )
        expect(
            "not-due subscriptions touched",
            scalar(select(func.count()).where(subs.id >= f"bs{due:07d}", subs.version != 1)),
            0,
        )
        expect(
            "webhooks queued (outbox rows)",
            scalar(select(func.count()).where(OutboxJob.topic == WEBHOOK_TOPIC)),
            (due - declines) + 2 * declines,
        )
    expect("renewals the run reported", len(report.charged), due - declines)
    expect("declines the run reported", len(report.declined), declines)
    return problems


def database_process(engine: Engine) -> int | None:
    """The PostgreSQL backend serving the pool's connection, when it runs on this machine:
    the run reuses that one connection (one thread, one session at a time)."""
    if engine.dialect.name != "postgresql":
        return None
    with engine.connect() as conn:
        pid = int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())
    return pid if Path(f"/proc/{pid}/stat").exists() else None


@dataclass
class WorkerRun:
    """One worker process's share of the run (wall-clock instants as time.time())."""

    began: float
    ended: float
    cpu: float
    db_cpu: float
    report: CycleReport


def renew(url: str) -> WorkerRun:
    """What one job worker's periodic hook does (run_sandbox_cycle), in a process of its own,
    on the bench's clock: the run's due subscriptions, the chunks the others are not billing."""
    settings = Settings(database_url=url, worker="off", payments="sandbox", seed_demo=False)
    runtime = build_process_runtime(settings, FrozenClock(datetime(2027, 3, 15, 9, 0, tzinfo=UTC)))
    try:
        backend = database_process(runtime.engine)
        db_cpu = cpu_seconds(backend) if backend else 0.0
        began, cpu = time.time(), time.process_time()
        report = advance(runtime.sessions, runtime.clock, runtime.settings)
        ended, cpu = time.time(), time.process_time() - cpu
        db_cpu = cpu_seconds(backend) - db_cpu if backend else 0.0
        return WorkerRun(began, ended, cpu, db_cpu, report)
    finally:
        runtime.engine.dispose()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--due", type=int, default=100_000)
    parser.add_argument("--not-due", type=int, default=2_000)
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--database-url", default="", help="PostgreSQL; default SQLite")
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="masthead-renewals-"))
    try:
        with scratch_database(args.database_url, work) as url:
            engine = create_engine(url)
            try:
                began = time.perf_counter()
                prepare(engine, args.due, args.not_due)
                if is_postgres(url):  # statistics, as autovacuum keeps them on a live database
                    with engine.begin() as conn:
                        conn.execute(text("ANALYZE"))
                prepared = time.perf_counter() - began
                # Started together, as the workers' periodic hooks fire on their own clocks.
                spawn = multiprocessing.get_context("spawn")
                with spawn.Pool(args.workers) as pool:
                    runs = pool.map(renew, [url] * args.workers)
                report = CycleReport()
                for run in runs:
                    report.add(run.report)
                problems = check(engine, args.due, args.not_due, report)
            finally:
                engine.dispose()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    elapsed = max(r.ended for r in runs) - min(r.began for r in runs)
    renewals = len(report.charged) + len(report.declined)
    print(
        f"Renewal run: {args.due:,} due subscriptions (+{args.not_due:,} not due), "
        f"{args.workers} worker process(es), {backend_name(args.database_url)}"
    )
    print(f"{'preparation (not measured)':<38}{prepared:>8.1f} s")
    print(f"{'renewal run, first start to last end':<38}{elapsed:>8.1f} s   (target: 120 s)")
    for n, run in enumerate(runs):
        share = len(run.report.charged) + len(run.report.declined)
        took = run.ended - run.began
        line = f"  worker {n}: {share:>7,} renewals in {took:6.1f} s, CPU {run.cpu:5.1f} s"
        print(line + (f", its PostgreSQL backend {run.db_cpu:5.1f} s" if run.db_cpu else ""))
    print(f"{'renewals per second':<38}{renewals / elapsed:>8.0f}")
    print(f"{'charged / declined':<38}{len(report.charged):>8,} / {len(report.declined):,}")
    for problem in problems:
        print(f"CHECK FAILED: {problem}")
    print(
        "checks: each due subscription charged once, dates moved one cycle, declines Past Due, "
        f"webhooks counted: {'all passed' if not problems else f'{len(problems)} FAILED'}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
