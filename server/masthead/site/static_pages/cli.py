"""The static pages from an operator's shell, with the server's MASTHEAD_* environment.

    python -m masthead.site.static_pages.cli list
    python -m masthead.site.static_pages.cli show BRAND SLUG
    python -m masthead.site.static_pages.cli set BRAND SLUG PAGE.json   {"title": ..., "body": ...}
    python -m masthead.site.static_pages.cli reset BRAND SLUG          back to the built-in text

The same checks as the operator API; an edit shows on the next page view.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from masthead.cli_support import run_command
from masthead.deps import Runtime
from masthead.settings import Settings
from masthead.site.static_pages import service
from masthead.site.static_pages.schemas import StaticPageIn, StaticPageListOut, page_out


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=["list", "show", "set", "reset"])
    parser.add_argument("brand", nargs="?", default="")
    parser.add_argument("slug", nargs="?", default="")
    parser.add_argument("file", nargs="?", default="/dev/stdin")
    args = parser.parse_args(argv)

    def command(runtime: Runtime) -> object:
        with runtime.sessions.begin() as db:
            if args.action == "list":
                listing = StaticPageListOut(pages=[page_out(v) for v in service.listing(db)])
                return listing.model_dump(mode="json")
            if args.action == "show":
                return page_out(service.page(db, args.brand, args.slug)).model_dump(mode="json")
            if args.action == "reset":
                return page_out(service.reset(db, args.brand, args.slug)).model_dump(mode="json")
            raw = json.loads(Path(args.file).read_text(encoding="utf-8"))
            body = StaticPageIn.model_validate(raw)
            now = runtime.clock.now()
            view = service.store(db, now, args.brand, args.slug, body.title, body.body)
            return page_out(view).model_dump(mode="json")

    return run_command(command, _refusal, settings)


def _refusal(exc: Exception) -> str | None:
    if isinstance(exc, (ValidationError, ValueError, OSError)):
        return f"The page was not changed: {exc}"
    if isinstance(exc, service.StaticPageError):
        return exc.message
    return None


if __name__ == "__main__":
    sys.exit(main())
