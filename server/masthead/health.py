"""Liveness and readiness probes."""

from __future__ import annotations

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy.exc import SQLAlchemyError

from masthead.deps import RuntimeDep
from masthead.migrate import alembic_config

router = APIRouter(tags=["health"], include_in_schema=False)


class Alive(BaseModel):
    status: str


class Readiness(BaseModel):
    """Keys a probe could not learn are left out (unset), not null: `migration` is null only
    for a database no migration has run on."""

    status: str
    database: str
    migration: str | None = None
    head: str | None = None


@router.get("/healthz", response_model=Alive)
async def healthz() -> Alive:
    return Alive(status="ok")


@router.get(
    "/readyz",
    response_model=Readiness,
    response_model_exclude_unset=True,
    responses={503: {"model": Readiness}},
)
def readyz(runtime: RuntimeDep) -> Readiness | Response:
    script = ScriptDirectory.from_config(alembic_config(runtime.settings.database_url))
    head = script.get_current_head()
    try:
        with runtime.engine.connect() as conn:
            current = MigrationContext.configure(conn).get_current_revision()
    except SQLAlchemyError:
        return _unavailable(Readiness(status="unavailable", database="unreachable"))
    if current != head and not _newer_than_this_code(script, current):
        return _unavailable(
            Readiness(status="unavailable", database="reachable", migration=current, head=head)
        )
    return Readiness(status="ok", database="reachable", migration=current)


def _newer_than_this_code(script: ScriptDirectory, current: str | None) -> bool:
    """A revision this code does not know was written after it: the next release's migration
    ran before its code rolls out (expand, then contract: README), and this process keeps
    serving until it is replaced. A known revision other than head is a database behind."""
    if current is None:
        return False
    try:
        return script.get_revision(current) is None
    except CommandError:
        return True


def _unavailable(readiness: Readiness) -> Response:
    return JSONResponse(readiness.model_dump(exclude_unset=True), 503)
