"""Each process's fan-out of newly published comments to the story pages open on it.

Any number of processes serve the live updates, and a comment is published by whichever
process takes the request (or the moderators' console): so no process is told of it. Each
process asks the database instead, through ONE poller per story its listeners watch (started
with the first listener, stopped with the last), every MASTHEAD_COMMENTS_LIVE_POLL_SECONDS:
a thousand readers on one story cost one small query every two seconds, not a thousand. The
poller hands each new comment to that process's listeners of the story.

A process keeps at most MASTHEAD_COMMENTS_LIVE_LISTENERS streams (503 beyond: another
process, or a retry, takes the reader) and MASTHEAD_COMMENTS_LIVE_LISTENERS_PER_ADDRESS from
one client address (429 beyond). Every stream leaves (live/stream.py calls `leave`) however
it ends, so nothing outlives its reader.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from starlette.datastructures import State

from masthead.comments.live import repository
from masthead.comments.live.watch import PublishedSince
from masthead.deps import Runtime
from masthead.errors import ApiError

log = logging.getLogger(__name__)

BACKLOG = 200  # events a listener may fall behind by before its stream ends (it reconnects)
BUSY = (
    "Live comment updates are busy on this server right now. Reload the page in a minute to "
    "see new comments."
)
TOO_MANY_FROM_ADDRESS = (
    "Too many pages are following live comments from your address. Close some of them, then "
    "reload this page."
)


@dataclass(eq=False)
class Listener:
    """One open stream: the new comments (id, parent id) waiting to be sent."""

    story: tuple[str, int] | None  # None: an id that names no story, nothing to watch
    address: str
    ready: asyncio.Event  # set once the story's poller has taken its first look
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    pending: deque[tuple[int, int | None]] = field(default_factory=deque)
    lost: bool = False  # fell too far behind: its stream ends
    left: bool = False

    def push(self, comments: list[tuple[int, int | None]]) -> None:
        self.pending.extend(comments)
        if len(self.pending) > BACKLOG:
            self.lost = True
        self.wake.set()

    def take(self) -> list[tuple[int, int | None]]:
        self.wake.clear()
        taken = list(self.pending)
        self.pending.clear()
        return taken


@dataclass(eq=False)
class _Poller:
    listeners: set[Listener] = field(default_factory=set)
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None


class Hub:
    """One event loop's listeners and pollers (a served process has one loop)."""

    def __init__(self, runtime: Runtime) -> None:
        self._runtime = runtime
        self._pollers: dict[tuple[str, int], _Poller] = {}
        self._count = 0
        self._by_address: dict[str, int] = {}

    @property
    def listening(self) -> int:
        return self._count

    @property
    def watched(self) -> int:
        """Stories with a poller running."""
        return len(self._pollers)

    def join(self, spot_id: str, post_id: int | None, address: str) -> Listener:
        """A new listener of the story, or the refusal of one over a cap."""
        if self._count >= self._runtime.settings.comments_live_listeners:
            raise ApiError(503, "live-updates-busy", BUSY, headers={"Retry-After": "60"})
        if (
            self._by_address.get(address, 0)
            >= self._runtime.settings.comments_live_listeners_per_address
        ):
            raise ApiError(429, "too-many-requests", TOO_MANY_FROM_ADDRESS)
        story = None if post_id is None else (spot_id, post_id)
        if story is None:
            listener = Listener(None, address, asyncio.Event())
            listener.ready.set()
        else:
            poller = self._pollers.get(story)
            if poller is None:
                poller = self._pollers[story] = _Poller()
                poller.task = asyncio.get_running_loop().create_task(self._poll(story, poller))
            listener = Listener(story, address, poller.ready)
            poller.listeners.add(listener)
        self._count += 1
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return listener

    def leave(self, listener: Listener) -> None:
        """The stream ended (any way): its poller stops if it was the story's last listener."""
        if listener.left:
            return
        listener.left = True
        self._count -= 1
        left = self._by_address[listener.address] - 1
        if left:
            self._by_address[listener.address] = left
        else:
            del self._by_address[listener.address]
        if listener.story is None:
            return
        poller = self._pollers[listener.story]
        poller.listeners.discard(listener)
        if not poller.listeners:
            del self._pollers[listener.story]
            if poller.task is not None:
                poller.task.cancel()

    async def _poll(self, story: tuple[str, int], poller: _Poller) -> None:
        spot_id, post_id = story
        watch: PublishedSince | None = None
        while True:
            try:
                if watch is None:  # the first look: everything published now is old news
                    rows = await repository.comments_since(
                        self._runtime.reader, spot_id, post_id, 0
                    )
                    watch = PublishedSince(rows)
                    poller.ready.set()
                else:
                    rows = await repository.comments_since(
                        self._runtime.reader, spot_id, post_id, watch.floor
                    )
                    new = watch.changes(rows)
                    if new:
                        for listener in list(poller.listeners):
                            listener.push(new)
            except asyncio.CancelledError:
                raise
            except Exception:  # the database away for a moment: look again next time
                log.exception("live comments: reading story %s/%s failed", spot_id, post_id)
            await asyncio.sleep(self._runtime.settings.comments_live_poll_seconds)


def hub_of(state: State, runtime: Runtime) -> Hub:
    """The running loop's hub of this application (kept in its state: one per application,
    as the tests build several; one per loop, as tasks and events belong to one)."""
    hubs: WeakKeyDictionary[asyncio.AbstractEventLoop, Hub] | None = getattr(
        state, "comments_live_hubs", None
    )
    if hubs is None:
        hubs = WeakKeyDictionary()
        state.comments_live_hubs = hubs
    loop = asyncio.get_running_loop()
    hub = hubs.get(loop)
    if hub is None:
        hub = hubs[loop] = Hub(runtime)
    return hub
