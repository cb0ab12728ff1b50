"""The migrations at head describe exactly the tables the models declare."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from masthead.deps import Runtime
from masthead.models import Base


def test_models_and_migrations_agree(database_url: str) -> None:
    engine = create_engine(database_url)
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def test_probes(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json()["database"] == "reachable"


def test_readiness_during_a_rolling_deploy(client: TestClient, runtime: Runtime) -> None:
    """The next release's migration has run (a revision this code does not know): this
    process stays ready until it is replaced. A database behind this code is not ready."""
    with runtime.engine.begin() as conn:
        (current,) = conn.execute(text("SELECT version_num FROM alembic_version")).one()
        conn.execute(text("UPDATE alembic_version SET version_num = '9999_next_release'"))
    try:
        assert client.get("/readyz").status_code == 200
        with runtime.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
        behind = client.get("/readyz")
        assert behind.status_code == 503
        assert behind.json()["migration"] == "0001"
    finally:
        with runtime.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": current})
