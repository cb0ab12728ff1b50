"""Test fixtures: a real database (SQLite file or PostgreSQL), migrated once per run.

MASTHEAD_TEST_DATABASE_URL picks the database; without it a SQLite file is used. Under
CI=true an unreachable PostgreSQL fails the run instead of skipping it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Request
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from masthead.clock import FrozenClock
from masthead.deps import Runtime
from masthead.identity.cookies import SESSION_COOKIE
from masthead.migrate import upgrade
from masthead.models import Base
from masthead.nonces import REST_ACTION, make_nonce
from masthead.settings import Settings
from tests.database_pass import postgres_pass
from tests.kept_apps import KeptApps, after_test, fresh

TEST_ORIGIN = "http://testserver"


def _prepare_postgres(url: str) -> None:
    target = make_url(url)
    admin = create_engine(target.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{target.database}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{target.database}"'))
            # A test database is thrown away: no commit waits for its WAL to reach the disk.
            conn.execute(text(f'ALTER DATABASE "{target.database}" SET synchronous_commit = off'))
    except OperationalError as exc:
        if os.environ.get("CI") == "true":
            pytest.exit(f"PostgreSQL is unreachable at {url}: {exc}", returncode=1)
        pytest.skip(f"PostgreSQL is unreachable at {url}", allow_module_level=True)
    finally:
        admin.dispose()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The PostgreSQL pass runs the tests that reach a database, and only those: every such
    test gets its database through `database_url`. The rest (rules, parsers, templates, the
    command line) run the same code in the SQLite pass, which runs everything."""
    if not postgres_pass():
        return
    reach, elsewhere = [], []
    for item in items:
        reaches = "database_url" in getattr(item, "fixturenames", ())
        (reach if reaches else elsewhere).append(item)
    if elsewhere:
        config.hook.pytest_deselected(items=elsewhere)
        items[:] = reach


@pytest.fixture(scope="session")
def database_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = os.environ.get("MASTHEAD_TEST_DATABASE_URL", "")
    if url.startswith("postgresql"):
        worker = os.environ.get("PYTEST_XDIST_WORKER")  # pytest -n: a database per worker
        if worker:
            target = make_url(url)
            url = target.set(database=f"{target.database}_{worker}").render_as_string(
                hide_password=False
            )
        _prepare_postgres(url)
    else:
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('db')) / 'test.db'}"
    upgrade(url)
    return url


START = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
_CLOCK = FrozenClock(START)


@pytest.fixture
def clock() -> FrozenClock:
    """The process's one clock, at START for every test: the kept applications hold it."""
    vars(_CLOCK).clear()  # anything a test set on it
    _CLOCK.at = START
    return _CLOCK


@pytest.fixture(scope="session")
def base_settings(database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
        worker="off",
        public_url=TEST_ORIGIN,
        seed_demo=False,
        rate_limit_per_address=1000,
        rate_limit_per_account=1000,
        # argon2id at its cheapest: at the recommended parameters every hash cost a fifth of
        # a second of CPU, most of the suite's time (test_password_hashing.py tests those).
        password_hashing="minimal",
    )


@pytest.fixture
def settings(base_settings: Settings) -> Settings:
    # A test's own copy (tests change their runtime's settings); reading the environment
    # again for every test cost more than the copy.
    return base_settings.model_copy(deep=True)


@pytest.fixture(scope="session")
def kept_apps() -> Iterator[KeptApps]:
    apps = KeptApps()
    yield apps
    apps.close()


@pytest.fixture
def app(settings: Settings, clock: FrozenClock, kept_apps: KeptApps) -> Iterator[FastAPI]:
    """An application for these settings, as create_app builds it, kept from test to test
    (tests/kept_apps.py says what is reset between them)."""
    kept = kept_apps.for_settings(settings, clock)
    yield fresh(kept)
    _empty_every_table(kept.runtime)  # leave an empty database for the next test
    after_test(kept)


def _empty_every_table(runtime: Runtime) -> None:
    tables = list(reversed(Base.metadata.sorted_tables))
    with runtime.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            # One round trip instead of one per table: the teardown of every test. The names
            # are our own tables', not input.
            deletes = "; ".join(f'DELETE FROM "{table.name}"' for table in tables)  # noqa: S608
            conn.exec_driver_sql(deletes)
        else:
            for table in tables:
                conn.execute(table.delete())


@pytest.fixture
def runtime(app: FastAPI) -> Runtime:
    rt: Runtime = app.state.runtime
    return rt


def _send_site_nonce(runtime: Runtime, test_client: TestClient) -> Callable[[Request], None]:
    """Site API calls carry the page's nonce, as the account area sends it. A request that
    sets X-WP-Nonce itself (even empty) or _ajax_nonce keeps what it set: nonce tests do."""

    def hook(request: Request) -> None:
        if not request.url.path.startswith("/wp-json/") or "x-wp-nonce" in request.headers:
            return
        if "_ajax_nonce" in request.url.params:  # the nonce rides in the query instead
            return
        token = test_client.cookies.get(SESSION_COOKIE) or ""
        request.headers["X-WP-Nonce"] = make_nonce(
            runtime.settings.secret_key, token, REST_ACTION, runtime.clock.now()
        )

    return hook


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url=TEST_ORIGIN) as test_client:
        test_client.event_hooks["request"].append(_send_site_nonce(app.state.runtime, test_client))
        yield test_client
