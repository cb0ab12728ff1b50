"""MASTHEAD_DATABASE_CONNECTIONS caps the connections one process opens to PostgreSQL, so that
an operator can fit many processes under the server's max_connections: a burst of work
beyond it waits for a connection, every piece of it is done, and the server never sees more."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import text

from masthead.deps import Runtime, build_runtime

BUDGET = 4
BURST = 16  # units of work at once, four times the budget


def test_a_burst_never_opens_more_connections_than_the_budget(runtime: Runtime) -> None:
    if runtime.engine.dialect.name != "postgresql":
        pytest.skip("a budget of PostgreSQL connections (the PostgreSQL pass runs this)")
    # The same database under a name of its own, so the server can count this process's share.
    url = runtime.engine.url.update_query_dict({"application_name": "masthead-budget-test"})
    settings = runtime.settings.model_copy(
        update={
            "database_url": url.render_as_string(hide_password=False),
            "database_connections": BUDGET,
        }
    )
    budgeted = build_runtime(settings)
    seen: list[int] = []
    stop = threading.Event()

    def count_on_the_server() -> None:
        with runtime.engine.connect() as conn:
            while not stop.is_set():
                seen.append(
                    conn.execute(
                        text(
                            "SELECT count(*) FROM pg_stat_activity "
                            "WHERE application_name = 'masthead-budget-test'"
                        )
                    ).scalar_one()
                )
                conn.commit()
                time.sleep(0.02)

    def unit_of_work(n: int) -> int:
        with budgeted.sessions.begin() as db:
            return int(db.execute(text("SELECT :n FROM pg_sleep(0.2)"), {"n": n}).scalar_one())

    counter = threading.Thread(target=count_on_the_server)
    counter.start()
    try:
        with ThreadPoolExecutor(BURST) as pool:
            done = list(pool.map(unit_of_work, range(BURST)))
    finally:
        stop.set()
        counter.join()
        budgeted.engine.dispose()
    assert done == list(range(BURST))  # all of it, none refused
    assert max(seen) == BUDGET  # the budget was used, and never passed
