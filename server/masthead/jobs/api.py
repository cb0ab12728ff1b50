"""Jobs's public face: what other parts of Masthead may import of it.
Everything else in the package is its own (import-linter checks this: server/.importlinter)."""

from masthead.jobs.repository import QueueFigures, mark_done, pending_of_topic
from masthead.jobs.runner import delivery_key, queue_figures
from masthead.jobs.service import enqueue, enqueue_many

__all__ = [
    "QueueFigures",
    "delivery_key",
    "enqueue",
    "enqueue_many",
    "mark_done",
    "pending_of_topic",
    "queue_figures",
]
