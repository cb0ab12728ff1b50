"""The decision rules from an operator's shell, with the server's MASTHEAD_* environment.

    python -m masthead.decisions.cli seed              the default rules of features without any
    python -m masthead.decisions.cli list [FEATURE]
    python -m masthead.decisions.cli add RULE.json     a rule body as the operator API takes it
    python -m masthead.decisions.cli delete ID

The same validation as the operator API; edits count from the next decision on.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from masthead.cli_support import run_command
from masthead.decisions import editing
from masthead.decisions.defaults import seed_rules
from masthead.decisions.outputs import RuleIn
from masthead.deps import Runtime
from masthead.settings import Settings


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["seed", "list", "add", "delete"])
    parser.add_argument("argument", nargs="?", default=None)
    args = parser.parse_args(argv)

    def command(runtime: Runtime) -> object:
        with runtime.sessions.begin() as db:
            if args.action == "seed":
                return {"seeded": seed_rules(db, runtime.clock.now())}
            if args.action == "list":
                return {"rules": [r.model_dump() for r in editing.listing(db, args.argument)]}
            if args.action == "add":
                raw = json.loads(Path(args.argument or "/dev/stdin").read_text(encoding="utf-8"))
                return editing.create(db, runtime, RuleIn.model_validate(raw)).model_dump()
            editing.delete(db, runtime, int(args.argument or "0"))
            return {"deleted": int(args.argument or "0")}

    return run_command(command, _refusal, settings)


def _refusal(exc: Exception) -> str | None:
    """A rule body or argument that does not fit, or the editing module's refusal."""
    if isinstance(exc, (ValidationError, ValueError, OSError)):
        return f"The rule was not changed: {exc}"
    if isinstance(exc, editing.RuleError):
        return exc.message
    return None


if __name__ == "__main__":
    sys.exit(main())
