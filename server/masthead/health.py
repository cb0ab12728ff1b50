"""Liveness and readiness probes."""

from __future__ import annotations

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi import APIRouter
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError

from masthead.deps import RuntimeDep
from masthead.migrate import alembic_config

router = APIRouter(tags=["health"], include_in_schema=False)


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz")
def readyz(runtime: RuntimeDep) -> JSONResponse:
    head = ScriptDirectory.from_config(
        alembic_config(runtime.settings.database_url)
    ).get_current_head()
    try:
        with runtime.engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    except SQLAlchemyError:
        return JSONResponse({"status": "unavailable", "database": "unreachable"}, 503)
    if current != head:
        return JSONResponse(
            {"status": "unavailable", "database": "reachable", "migration": current, "head": head},
            503,
        )
    return JSONResponse({"status": "ok", "database": "reachable", "migration": current})
