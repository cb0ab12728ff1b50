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

from masthead.decisions import editing
from masthead.decisions.defaults import seed_rules
from masthead.decisions.outputs import RuleIn
from masthead.deps import build_runtime
from masthead.settings import Settings


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["seed", "list", "add", "delete"])
    parser.add_argument("argument", nargs="?", default=None)
    args = parser.parse_args(argv)
    runtime = build_runtime(settings or Settings())
    try:
        with runtime.sessions.begin() as db:
            if args.action == "seed":
                result: object = {"seeded": seed_rules(db, runtime.clock.now())}
            elif args.action == "list":
                result = {"rules": editing.listing(db, args.argument)}
            elif args.action == "add":
                raw = json.loads(Path(args.argument or "/dev/stdin").read_text(encoding="utf-8"))
                result = editing.create(db, runtime, RuleIn.model_validate(raw))
            else:
                editing.delete(db, int(args.argument or "0"))
                result = {"deleted": int(args.argument or "0")}
    except (ValidationError, ValueError, OSError) as exc:
        print(f"The rule was not changed: {exc}", file=sys.stderr)
        return 2
    except editing.RuleError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    finally:
        runtime.engine.dispose()
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
