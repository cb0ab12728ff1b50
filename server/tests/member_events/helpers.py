"""Shared steps of the member events tests: the addresses, a body, the operator key."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from masthead.deps import Runtime

CONSOLE = "/admin/api/member-events"
OPERATOR_API = "/operator/v1/member-events"
READ = "/wp-json/nyp-membership/v1/member-events"
KEY = "member-events-test-key"
OPERATOR = {"Authorization": f"Bearer {KEY}"}


def operator_on(runtime: Runtime) -> None:
    runtime.settings.member_events_key = KEY


def when(runtime: Runtime, days: float) -> str:
    at: datetime = runtime.clock.now() + timedelta(days=days)
    return at.isoformat()


def body(runtime: Runtime, days: float = 7, **fields: Any) -> dict[str, Any]:
    return {
        "title": "Meet the sports desk",
        "startsAt": when(runtime, days),
        "place": "The newsroom",
        "link": "https://example.com/events/sports-desk",
        "description": "Questions welcome.",
        **fields,
    }
