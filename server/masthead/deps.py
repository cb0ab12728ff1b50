"""Request-scoped dependencies, read from the application's state (no module globals)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from masthead.clock import Clock
from masthead.db import PinnedReader, make_engine, make_sessionmaker, session_scope
from masthead.ratelimit import RateLimiter, make_rate_limiter
from masthead.settings import Settings


@dataclass
class BackgroundWork:
    """What the outbox worker runs: each topic's handler and the hooks it runs every so often.

    The domains provide the functions; the wiring (masthead/background.py) puts them together,
    so the outbox knows no domain. A periodic hook must be safe in several workers at once.
    """

    handlers: dict[str, Callable[[Runtime, dict[str, Any]], None]] = field(default_factory=dict)
    periodic: list[tuple[float, Callable[[Runtime], None]]] = field(default_factory=list)


@dataclass
class Runtime:
    """Everything a request may need that lives as long as the application."""

    settings: Settings
    engine: Engine
    sessions: sessionmaker[Session]
    clock: Clock
    rate_limiter: RateLimiter
    reader: PinnedReader
    background: BackgroundWork = field(default_factory=BackgroundWork)
    # The payment gateway the wiring chose (masthead/wiring.py), for requests and jobs alike;
    # billing reads it through billing.gateway.gateway_of, which checks its type.
    payment_gateway: object = None
    # The SMS sender the wiring chose (settings.sms_backend); texts reads it through
    # texts.sender.sender_of.
    sms_sender: object = None


def build_runtime(
    settings: Settings, clock: Clock | None = None, background: BackgroundWork | None = None
) -> Runtime:
    engine = make_engine(settings.database_url, settings.database_connections)
    return Runtime(
        settings=settings,
        engine=engine,
        sessions=make_sessionmaker(engine),
        clock=clock or Clock(),
        rate_limiter=make_rate_limiter(settings),
        reader=PinnedReader(engine),
        background=background or BackgroundWork(),
    )


# Plain reads of app state are `async def`: a sync dependency costs a thread-pool hop.
async def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def get_db(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Iterator[Session]:
    yield from session_scope(runtime.sessions)


async def get_settings(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Settings:
    return runtime.settings


async def get_clock(runtime: Annotated[Runtime, Depends(get_runtime)]) -> Clock:
    return runtime.clock


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
# scope="function": commit before the response is sent, so a 2xx means the change is stored.
DbDep = Annotated[Session, Depends(get_db, scope="function")]
SettingsDep = Annotated[Settings, Depends(get_settings)]
ClockDep = Annotated[Clock, Depends(get_clock)]
