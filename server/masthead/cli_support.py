"""What the operator CLIs share: one command on a runtime of the server's MASTHEAD_* settings,
its answer as JSON on stdout.

A refusal (a mistake the operator can correct) is one line on stderr and exit status 2, not
a traceback; any other exception is a bug and propagates.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from masthead.deps import Runtime, build_runtime
from masthead.settings import Settings


def run_command(
    command: Callable[[Runtime], object],
    refusal: Callable[[Exception], str | None],
    settings: Settings | None = None,
) -> int:
    """Runs `command` and prints its answer: 0. `refusal` words the exceptions that are the
    operator's to correct (None for the rest): 2."""
    runtime = build_runtime(settings or Settings())
    try:
        result = command(runtime)
    except Exception as exc:
        message = refusal(exc)
        if message is None:
            raise
        print(message, file=sys.stderr)
        return 2
    finally:
        runtime.engine.dispose()
    print(json.dumps(result, indent=2))
    return 0
