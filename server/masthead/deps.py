"""Request-scoped dependencies, read from the application's state (no module globals)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from masthead.clock import Clock
from masthead.db import session_scope
from masthead.ratelimit import RateLimiter
from masthead.settings import Settings


@dataclass
class Runtime:
    """Everything a request may need that lives as long as the application."""

    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    clock: Clock
    rate_limiter: RateLimiter


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def get_db(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Iterator[Session]:
    yield from session_scope(runtime.sessions)


def get_settings(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Settings:
    return runtime.settings


def get_clock(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Clock:
    return runtime.clock


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
# scope="function": commit before the response is sent, so a 2xx means the change is stored.
DbDep = Annotated[Session, Depends(get_db, scope="function")]
SettingsDep = Annotated[Settings, Depends(get_settings)]
ClockDep = Annotated[Clock, Depends(get_clock)]
