"""The applications the suite keeps: one per distinct Settings in each test process, handed to
test after test, each test starting from what a freshly built application would have.

Building the application per test cost more than most tests: FastAPI prepares each route on
its first request to an application, so every test paid again for the routes it called
(50 ms on SQLite, 125 ms on PostgreSQL, times 3,200 tests). What a test can change lives in
a few places, and `fresh` puts each back before every test:
- the runtime's parts (deps.Runtime): the settings, restored in place (the middleware holds
  the same object), the clock (the process's one FrozenClock, back at its start by the
  `clock` fixture), and a new rate limiter, hot reader (its connection and the rule and
  tenant caches keyed on it) and background work and payment gateway, as create_app makes
  them; a part Runtime gains that is not listed here fails every test until it is;
- the application's state: only the runtime; what requests add (the analytics writer) goes;
- the tables: emptied after every test (conftest.py), as before.
The lifespan still runs in each test's client (conftest.py `client`), as it did, but its last
step, disposing of the engine as a served process does when it ends, leaves a kept engine's
pool as it is: the next test would otherwise connect again (8 ms a test on SQLite, a new
PostgreSQL backend on PostgreSQL). The pool still rolls back every connection it gets back.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

from masthead.app import create_app
from masthead.background import background_work
from masthead.clock import FrozenClock
from masthead.db import PinnedReader
from masthead.deps import Runtime
from masthead.ratelimit import make_rate_limiter
from masthead.settings import Settings
from masthead.wiring import payment_gateway, sms_sender

# Runtime's parts, each either kept as built or made again below: a new part must be added
# here, with what resets it.
KEPT_PARTS = {"settings", "engine", "sessions", "clock"}
MADE_AGAIN = {"rate_limiter", "reader", "background", "payment_gateway", "sms_sender"}
# Applications kept per process: the suite's settings and the few a module overrides. A
# test whose settings are its own (a tmp_path) gets a new one, and the oldest goes.
MOST_KEPT = 4


@dataclass
class Kept:
    app: FastAPI
    built_from: dict[str, Any]  # Settings.model_dump() of what the app was built with
    pristine: Settings  # a copy of those settings, never handed out
    parts: dict[str, Any]  # the runtime's parts that are kept, as built

    @property
    def runtime(self) -> Runtime:
        runtime: Runtime = self.app.state.runtime
        return runtime


class KeptApps:
    def __init__(self) -> None:
        self._kept: list[Kept] = []  # most recently used first

    def for_settings(self, settings: Settings, clock: FrozenClock) -> Kept:
        wanted = settings.model_dump()
        for kept in self._kept:
            if kept.built_from == wanted and kept.parts["clock"] is clock:
                self._kept.remove(kept)
                self._kept.insert(0, kept)
                return kept
        kept = _build(settings, clock, wanted)
        self._kept.insert(0, kept)
        for old in self._kept[MOST_KEPT:]:
            _dispose(old)
        del self._kept[MOST_KEPT:]
        return kept

    def close(self) -> None:
        for kept in self._kept:
            _dispose(kept)
        self._kept.clear()


def _build(settings: Settings, clock: FrozenClock, wanted: dict[str, Any]) -> Kept:
    own = settings.model_copy(deep=True)  # the test's copy stays the test's
    app = create_app(own, clock)
    runtime: Runtime = app.state.runtime
    runtime.engine.dispose = _keep_the_pool  # type: ignore[method-assign]
    _check_parts(runtime)
    return Kept(
        app=app,
        built_from=wanted,
        pristine=settings.model_copy(deep=True),
        parts={name: getattr(runtime, name) for name in KEPT_PARTS},
    )


def fresh(kept: Kept) -> FastAPI:
    """The kept application as create_app would hand it out now."""
    runtime = kept.runtime
    settings: Settings = kept.parts["settings"]
    # In place: the middleware and the payment gateway hold this very object. Cached
    # properties (public_origin, secure_cookies) go with the old values.
    vars(settings).clear()
    vars(settings).update(copy.deepcopy(vars(kept.pristine)))
    object.__setattr__(settings, "__pydantic_fields_set__", set(kept.pristine.model_fields_set))
    for stray in set(vars(runtime)) - KEPT_PARTS - MADE_AGAIN:  # after_test failed its test
        delattr(runtime, stray)
    vars(runtime).update(kept.parts)
    runtime.rate_limiter = make_rate_limiter(settings)
    runtime.reader = PinnedReader(runtime.engine)
    runtime.background = background_work()
    runtime.payment_gateway = payment_gateway(runtime)
    runtime.sms_sender = sms_sender(runtime)
    state = kept.app.state
    for name in list(vars(state)["_state"]):
        if name != "runtime":
            delattr(state, name)
    return kept.app


def after_test(kept: Kept) -> None:
    runtime = kept.runtime
    runtime.reader.close()  # its kept connection (the lifespan closes it too, if it ran)
    _check_parts(runtime)


def _check_parts(runtime: Runtime) -> None:
    """Fails the test that gave the runtime a part nothing here resets (or took one away)."""
    parts = set(vars(runtime))
    if parts != KEPT_PARTS | MADE_AGAIN:
        raise AssertionError(
            f"the runtime has parts {sorted(parts - KEPT_PARTS - MADE_AGAIN)} that "
            "tests/kept_apps.py does not reset between tests (or lost "
            f"{sorted(KEPT_PARTS | MADE_AGAIN - parts)}): say how in KEPT_PARTS or MADE_AGAIN"
        )


def _keep_the_pool(close: bool = True) -> None:
    """A kept engine's dispose, as the lifespan calls it: its connections serve the next test."""


def _dispose(kept: Kept) -> None:
    runtime = kept.runtime
    runtime.reader.close()
    del runtime.engine.dispose  # the engine's own again
    runtime.engine.dispose()
