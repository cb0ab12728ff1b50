"""Referral tenants from an operator's shell, with the server's MASTHEAD_* environment.

    python -m masthead.referrals.programmes.cli tenants [--after ALIAS]
    python -m masthead.referrals.programmes.cli show ALIAS
    python -m masthead.referrals.programmes.cli create TENANT.json    prints the new key once
    python -m masthead.referrals.programmes.cli change ALIAS CHANGE.json
    python -m masthead.referrals.programmes.cli rotate-key ALIAS      prints the new key once
    python -m masthead.referrals.programmes.cli delete ALIAS
    python -m masthead.referrals.programmes.cli programmes ALIAS
    python -m masthead.referrals.programmes.cli add-programme ALIAS PROGRAMME.json
    python -m masthead.referrals.programmes.cli change-programme ALIAS SLUG CHANGE.json
    python -m masthead.referrals.programmes.cli upload-codes ALIAS SLUG CODES.csv
    python -m masthead.referrals.programmes.cli referrals ALIAS [--programme SLUG]
        [--status PENDING|CONVERTED] [--before ID] [--limit N]

The JSON bodies are the operator API's (/operator/v1/referral-tenants); a file named `-` is
stdin. The same service and checks as the console and the operator API; every change is in
the audit log with no staff member as its actor.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from masthead.cli_support import run_command
from masthead.deps import Runtime
from masthead.referrals.programmes import listing, schemas, service
from masthead.referrals.programmes.errors import ProgrammesError
from masthead.settings import Settings


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("tenants").add_argument("--after", default=None)
    for name, arguments in (
        ("show", ["alias"]),
        ("create", ["file"]),
        ("change", ["alias", "file"]),
        ("rotate-key", ["alias"]),
        ("delete", ["alias"]),
        ("programmes", ["alias"]),
        ("add-programme", ["alias", "file"]),
        ("change-programme", ["alias", "slug", "file"]),
        ("upload-codes", ["alias", "slug", "file"]),
    ):
        command = commands.add_parser(name)
        for argument in arguments:
            command.add_argument(argument)
    referrals = commands.add_parser("referrals")
    referrals.add_argument("alias")
    referrals.add_argument("--programme", default=None)
    referrals.add_argument("--status", choices=["PENDING", "CONVERTED"], default=None)
    referrals.add_argument("--before", type=int, default=None)
    referrals.add_argument("--limit", type=int, default=50)
    return parser


def _text(file: str) -> str:
    if file == "-":
        return sys.stdin.read()
    return Path(file).read_text(encoding="utf-8-sig")


def _json(file: str) -> Any:
    return json.loads(_text(file))


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    args = _parser().parse_args(argv)

    def command(runtime: Runtime) -> object:
        with runtime.sessions.begin() as db:
            who = service.Who(None, "cli", runtime.clock.now())
            production = runtime.settings.production
            answer: BaseModel
            match args.command:
                case "tenants":
                    answer = service.tenant_page(db, args.after, 100)
                case "show":
                    answer = service.show_tenant(db, args.alias)
                case "create":
                    body = schemas.TenantIn.model_validate(_json(args.file))
                    answer = service.create_tenant(db, who, body, production=production)
                case "change":
                    change = schemas.TenantChange.model_validate(_json(args.file))
                    answer = service.change_tenant(
                        db, who, args.alias, change, production=production
                    )
                case "rotate-key":
                    answer = service.rotate_key(db, who, args.alias)
                case "delete":
                    service.delete_tenant(db, who, args.alias)
                    return {"deleted": args.alias}
                case "programmes":
                    answer = service.programmes(db, args.alias)
                case "add-programme":
                    programme = schemas.ProgrammeIn.model_validate(_json(args.file))
                    answer = service.create_programme(db, who, args.alias, programme)
                case "change-programme":
                    edit = schemas.ProgrammeChange.model_validate(_json(args.file))
                    answer = service.change_programme(db, who, args.alias, args.slug, edit)
                case "upload-codes":
                    text = _text(args.file)
                    answer = service.upload_codes(db, who, args.alias, args.slug, text)
                case _:  # "referrals": argparse allows no other
                    answer = listing.referral_page(
                        db,
                        args.alias,
                        programme=args.programme,
                        status=args.status,
                        before=args.before,
                        limit=max(1, min(args.limit, 100)),
                    )
            return answer.model_dump(mode="json")

    return run_command(command, _refusal, settings)


def _refusal(exc: Exception) -> str | None:
    """A body or file that does not fit, or the service's refusal (with the lines of a code
    bank that were wrong)."""
    if isinstance(exc, ProgrammesError):
        lines = [f"line {p['line']}: {p['message']}" for p in exc.extra.get("problems", [])]
        return "\n".join([exc.message, *lines])
    if isinstance(exc, ValidationError | ValueError | OSError):
        return f"Nothing was changed: {exc}"
    return None


if __name__ == "__main__":
    sys.exit(main())
