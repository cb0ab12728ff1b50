"""The islands' built scripts (web/dist-site, from `npm run build:site`): their hashed
names from Vite's manifest; page_routes.py serves the files under /static/site/."""

from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from masthead.settings import Settings

log = logging.getLogger(__name__)

ENTRY = "src/site/islands.tsx"
# The comment counts' own small script (spec section 2's count buttons): a second entry, so
# the pages without buttons do not carry it and it does not wait for the islands' React.
COUNTS_ENTRY = "src/site/commentCounts.ts"
# The comments launcher (issue 15): a third entry, for story pages only, never preloaded; it
# imports the comments client (a dynamic import: in the manifest's dynamicImports, which
# nothing here preloads) when the reader nears the comments.
THREAD_ENTRY = "src/site/commentsLauncher.ts"
# The inline script that adds the islands after the first paint (paint_gate.js); comments and
# line breaks are for the source, not the wire.
PAINT_GATE = re.sub(
    r"/\*.*?\*/|\n\s*", "", (Path(__file__).parent / "paint_gate.js").read_text("utf-8"), flags=re.S
)
URL_PREFIX = "/static/site/"


@dataclass(frozen=True)
class IslandScripts:
    entry: str  # the module the paint gate adds once the story is painted
    preloads: tuple[str, ...]  # fetched meanwhile: the entry and the chunks it imports
    counts: str | None = None  # the comment counts' module, for pages with count buttons
    thread: str | None = None  # the comments launcher's module, for story pages


@lru_cache(maxsize=4)
def _read(manifest: str, mtime: float) -> IslandScripts | None:
    chunks = json.loads(Path(manifest).read_text(encoding="utf-8"))
    entry = chunks.get(ENTRY)
    if not isinstance(entry, dict) or "file" not in entry:
        return None
    imported = [chunks.get(name, {}).get("file") for name in entry.get("imports", [])]
    files = [str(entry["file"]), *(str(f) for f in imported if f)]
    counts = chunks.get(COUNTS_ENTRY, {}).get("file")
    thread = chunks.get(THREAD_ENTRY, {}).get("file")
    return IslandScripts(
        URL_PREFIX + files[0],
        tuple(URL_PREFIX + f for f in files),
        URL_PREFIX + str(counts) if counts else None,
        URL_PREFIX + str(thread) if thread else None,
    )


@cache
def _warn_unbuilt(where: Path) -> None:
    log.warning("the site islands are not built in %s (npm run build:site): no islands", where)


@lru_cache(maxsize=4)
def _manifest(site_dist: Path) -> str:
    return str(site_dist / ".vite" / "manifest.json")


def island_scripts(settings: Settings) -> IslandScripts | None:
    """The islands' module and the files to preload; None (pages still work) when
    they are not built. Asked for every page: the manifest's time says whether it was
    rebuilt (one stat), its path is joined once."""
    manifest = _manifest(settings.site_dist)
    try:
        return _read(manifest, os.stat(manifest).st_mtime)
    except (OSError, ValueError, AttributeError):
        _warn_unbuilt(settings.site_dist)
        return None
