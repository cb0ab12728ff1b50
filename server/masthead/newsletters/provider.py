"""The email provider behind one adapter. Subscriptions are Masthead's records; each change
is queued in the outbox (service.py) and handed here by the worker, so a provider that is
down delays the mirror, never the reader's answer.

The embedded default ("embedded") is Masthead itself: it records what it received in
newsletter_pushes and sends nothing. A real provider is one more class with the same
`push` and one more value of MASTHEAD_NEWSLETTER_PROVIDER.
"""

from __future__ import annotations

from typing import Any, Protocol

from masthead.deps import Runtime
from masthead.newsletters import repository

TOPIC = "newsletters.push"


class NewsletterProvider(Protocol):
    def push(self, runtime: Runtime, change: dict[str, Any]) -> None:
        """Mirror one change; raise to have the outbox retry it. Must tolerate repeats."""


class EmbeddedProvider:
    def push(self, runtime: Runtime, change: dict[str, Any]) -> None:
        with runtime.sessions.begin() as db:
            repository.record_push(
                db,
                str(change["change_id"]),
                str(change["email"]),
                str(change["kind"]),
                change,
                runtime.clock.now(),
            )


PROVIDERS: dict[str, NewsletterProvider] = {"embedded": EmbeddedProvider()}


def push_change(runtime: Runtime, payload: dict[str, Any]) -> None:
    """The outbox handler of TOPIC."""
    PROVIDERS[runtime.settings.newsletter_provider].push(runtime, payload)
