"""Home delivery from an operator's shell, for when the print system cannot call the API.

`python -m masthead.billing.home_delivery.cli grant|revoke|show EMAIL`, with the server's
MASTHEAD_* environment (the database URL). The same rules as the operator API: granting and
revoking are idempotent, and the worker ends a paid membership the grant makes free.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from masthead.billing.errors import BillingError
from masthead.billing.home_delivery import service as home_delivery
from masthead.cli_support import run_command
from masthead.deps import Runtime
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

    def command(runtime: Runtime) -> object:
        email = home_delivery.address(args.email)
        with runtime.sessions.begin() as db:
            if args.action == "show":
                return home_delivery.view(db, email).model_dump()
            return ACTIONS[args.action](db, runtime, email).model_dump()

    return run_command(command, _refusal, settings)


def _refusal(exc: Exception) -> str | None:
    return exc.message if isinstance(exc, BillingError) else None


if __name__ == "__main__":
    sys.exit(main())
