"""Claims that die with their holder: "this request is working on reader 42's subscribe".

A claim stored as a row with an expiry outlives a killed process until it lapses, so a
reader's retry waited, then was told "in progress" for a minute while nothing was in
progress (issue 18). Here a claim is held by a live database connection instead: on
PostgreSQL a session advisory lock on a connection of its own, which the server releases the
moment that connection ends — when the block ends, or when the process holding it is killed.
On SQLite (`make run`: one process) it is a lock of this process, which dies with it too.

`try_claim` never waits; callers poll it and meanwhile look for the holder's result.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import Connection, text

from masthead.deps import Runtime

_local_lock = threading.Lock()
_local_held: set[tuple[str, int]] = set()


def _namespace(kind: str) -> int:
    """A stable 31-bit number for the kind: advisory locks take two int4 keys."""
    return zlib.crc32(kind.encode()) & 0x7FFFFFFF


@contextmanager
def try_claim(rt: Runtime, kind: str, key: int) -> Iterator[bool]:
    """Yields True while this block holds the claim on (kind, key), False if another
    request holds it now (the block then runs without it and should not do the work)."""
    if rt.engine.dialect.name == "postgresql":
        with _advisory(rt, _namespace(kind), key) as held:
            yield held
        return
    with _in_process(kind, key) as held:
        yield held


@contextmanager
def _advisory(rt: Runtime, namespace: int, key: int) -> Iterator[bool]:
    conn: Connection = rt.engine.connect()
    keys = {"n": namespace, "k": key}
    try:
        held = bool(conn.scalar(text("SELECT pg_try_advisory_lock(:n, :k)"), keys))
        conn.commit()  # no transaction stays open while the claim is held
    except BaseException:
        conn.invalidate()
        conn.close()
        raise
    try:
        yield held
    finally:
        try:
            if held:
                conn.execute(text("SELECT pg_advisory_unlock(:n, :k)"), keys)
                conn.commit()
        except Exception:
            conn.invalidate()  # never back to the pool still holding the lock
        finally:
            conn.close()


@contextmanager
def _in_process(kind: str, key: int) -> Iterator[bool]:
    with _local_lock:
        held = (kind, key) not in _local_held
        if held:
            _local_held.add((kind, key))
    try:
        yield held
    finally:
        if held:
            with _local_lock:
                _local_held.discard((kind, key))
