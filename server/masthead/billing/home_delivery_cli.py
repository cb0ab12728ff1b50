"""Home delivery from an operator's shell, for when the print system cannot call the API.

`python -m masthead.billing.home_delivery_cli grant|revoke|show EMAIL`, with the server's
MASTHEAD_* environment (the database URL). The same rules as the operator API: granting and
revoking are idempotent, and the worker ends a paid membership the grant makes free.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from masthead.billing import home_delivery
from masthead.billing.errors import BillingError
from masthead.deps import build_runtime
from masthead.settings import Settings

ACTIONS = {
    "grant": home_delivery.grant,
    "revoke": home_delivery.revoke,
}


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("action", choices=["grant", "revoke", "show"])
    parser.add_argument("email")
    args = parser.parse_args(argv)
    runtime = build_runtime(settings or Settings())
    try:
        email = home_delivery.address(args.email)
        with runtime.sessions.begin() as db:
            if args.action == "show":
                result = home_delivery.wire(db, email)
            else:
                result = ACTIONS[args.action](db, runtime, email)
    except BillingError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    finally:
        runtime.engine.dispose()
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
