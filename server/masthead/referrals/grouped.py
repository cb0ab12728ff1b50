"""Many requests' database work done as one call in a worker thread: the group commit's engine.

Each request puts its item in its event loop's queue and waits for its own result. One drainer
per loop takes what is queued (up to max_batch), runs it in a worker thread and hands every
request its result, or the batch's exception. While a batch runs the next requests queue up,
so batches grow with the load and a lone request runs at once (no timer). An item is only
ever answered by a batch that started after it was queued: nothing is older than the request.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


class Grouped(ABC, Generic[Item, Result]):
    """Subclasses say what a batch does (`_run_batch`, called in a worker thread)."""

    def __init__(self, *, max_batch: int, name: str) -> None:
        self._max_batch = max_batch
        self._name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._waiting: list[tuple[Item, asyncio.Future[Result]]] = []
        self._wake = asyncio.Event()
        self._drainer: asyncio.Task[None] | None = None

    @abstractmethod
    def _run_batch(self, items: list[Item]) -> Sequence[Result]:
        """One result per item, in order; an exception fails the whole batch."""

    def _queued(self) -> int:
        """How many items of this event loop wait for a batch."""
        self._ensure_drainer()
        return len(self._waiting)

    async def _submit(self, item: Item) -> Result:
        self._ensure_drainer()
        done: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self._waiting.append((item, done))
        self._wake.set()
        return await done

    def _ensure_drainer(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop or self._drainer is None or self._drainer.done():
            self._start(loop)

    def _start(self, loop: asyncio.AbstractEventLoop) -> None:
        # One drainer per event loop (a test client may run several loops one after another);
        # a loop that is gone leaves nothing behind: its requests were all answered.
        self._loop = loop
        self._waiting = []
        self._wake = asyncio.Event()
        self._drainer = loop.create_task(self._drain(), name=self._name)

    async def _drain(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                batch = self._waiting[: self._max_batch]
                del self._waiting[: self._max_batch]
                try:
                    results = await asyncio.to_thread(self._run_batch, [item for item, _ in batch])
                except Exception as exc:  # every request of the batch gets the failure
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                else:
                    for (_, done), result in zip(batch, results, strict=True):
                        if not done.done():
                            done.set_result(result)
