"""The staff console from an operator's shell, with the server's MASTHEAD_* environment.

    python -m masthead.staff create-admin EMAIL
        grants the admin role to an existing account
    python -m masthead.staff create-admin EMAIL --password-from-stdin
        creates the account first (the password is read from the first line of stdin), or
        grants the role to the existing one, ignoring the password

Prints what it did as JSON. The change is in the audit log with no actor (the address `cli`).
The first sign-in at /admin then sets up the authenticator app.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from masthead.cli_support import run_command
from masthead.deps import Runtime
from masthead.identity.api import IdentityError, create_account, user_by_email
from masthead.settings import Settings
from masthead.staff import service
from masthead.staff.roles import ADMIN

CLI_ADDRESS = "cli"


class CommandRefused(Exception):
    pass


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m masthead.staff", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    create = commands.add_parser("create-admin", help="grant the admin role to an account")
    create.add_argument("email")
    create.add_argument(
        "--password-from-stdin",
        action="store_true",
        help="create the account when there is none, with the password on stdin",
    )
    args = parser.parse_args(argv)
    password = sys.stdin.readline().rstrip("\r\n") if args.password_from_stdin else None

    def command(runtime: Runtime) -> object:
        return create_admin(runtime, args.email, password)

    return run_command(command, _refusal, settings)


def create_admin(runtime: Runtime, email: str, password: str | None) -> dict[str, object]:
    with runtime.sessions.begin() as db:
        user = user_by_email(db, email.strip().lower())
        created = user is None
        if user is None:
            if password is None:
                raise CommandRefused(
                    f"There is no Masthead account for {email}. Register it first, or add "
                    "--password-from-stdin to create it."
                )
            user = create_account(db, runtime, email, password)
        held = service.ordered_roles(db, user.id)
        before, after = service.change_roles(
            db, runtime.clock.now(), user, [*held, ADMIN], None, CLI_ADDRESS
        )
        return {
            "email": user.email,
            "account_created": created,
            "roles_before": before,
            "roles": after,
            "changed": before != after,
        }


def _refusal(exc: Exception) -> str | None:
    if isinstance(exc, CommandRefused):
        return str(exc)
    if isinstance(exc, IdentityError):
        return f"The account was not created: {exc.message}"
    return None


if __name__ == "__main__":
    sys.exit(main())
