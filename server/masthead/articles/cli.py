"""The stories from an operator's shell, with the server's MASTHEAD_* environment.

    python -m masthead.articles.cli list [--brand B] [--section S] [--status S] [--page N]
    python -m masthead.articles.cli put FILE.json      {"id": ..., the operator API's body}
    python -m masthead.articles.cli delete ID

`put` does what PUT /operator/v1/stories/{id} does (creates or replaces, idempotently; a
time to come in published_at schedules the story), `delete` what DELETE does (a story never
on the site is deleted, one that was is unpublished). The same checks as the API; each
change is in the audit log (who: the command line).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from masthead.articles import refusals, service
from masthead.articles.schemas import CmsStoryIn
from masthead.cli_support import run_command
from masthead.deps import Runtime
from masthead.settings import Settings

_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,63}")
BY = service.ChangedBy(service.COMMAND_LINE)


def main(argv: Sequence[str] | None = None, settings: Settings | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("action", choices=["list", "put", "delete"])
    parser.add_argument("argument", nargs="?", default=None, help="FILE.json (put), ID (delete)")
    parser.add_argument("--brand")
    parser.add_argument("--section")
    parser.add_argument("--status", choices=["draft", "scheduled", "published", "unpublished"])
    parser.add_argument("--page", type=int, default=1)
    parser.add_argument("--per-page", type=int, default=50)
    args = parser.parse_args(argv)

    def command(runtime: Runtime) -> object:
        now = runtime.clock.now()
        with runtime.sessions.begin() as db:
            if args.action == "list":
                listing = service.listing(
                    db,
                    now,
                    brand=args.brand,
                    section=args.section,
                    status=args.status,
                    page=max(args.page, 1),
                    per_page=min(max(args.per_page, 1), 500),
                )
                return listing.model_dump(mode="json")
            if args.action == "delete":
                content_id = _content_id(args.argument)
                outcome = service.remove_from_cms(db, now, BY, content_id)
                return {"content_id": content_id, "outcome": outcome}
            raw = json.loads(Path(args.argument or "/dev/stdin").read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("the file must hold a JSON object")
            content_id = _content_id(raw.pop("id", None))
            body = CmsStoryIn.model_validate(raw)
            answer, made = service.replace_from_cms(
                db,
                now,
                BY,
                content_id,
                body.fields(),
                published=body.published,
                published_at=body.published_at,
            )
            return {"made": made, "story": answer.model_dump(mode="json")}

    return run_command(command, _refusal, settings)


def _content_id(value: object) -> str:
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise ValueError(
            "give the story's id (the CMS's stable id: letters, digits and . _ : -, at most 64)"
        )
    return value


def _refusal(exc: Exception) -> str | None:
    """A body or argument that does not fit, or the stories' refusal."""
    if isinstance(exc, (ValidationError, ValueError, OSError)):
        return f"The story was not changed: {exc}"
    if isinstance(exc, refusals.StoryError):
        return exc.message
    return None


if __name__ == "__main__":
    sys.exit(main())
