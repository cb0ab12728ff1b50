"""The islands' built scripts (web/dist-site, from `npm run build:site`): their hashed
names from Vite's manifest; page_routes.py serves the files under /static/site/."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from masthead.settings import Settings

log = logging.getLogger(__name__)

ENTRY = "src/site/main.tsx"
URL_PREFIX = "/static/site/"


@dataclass(frozen=True)
class IslandScripts:
    entry: str  # the module the page runs
    preloads: tuple[str, ...]  # the chunks it imports once the story is painted


@lru_cache(maxsize=4)
def _read(manifest: Path, mtime: float) -> IslandScripts | None:
    chunks = json.loads(manifest.read_text(encoding="utf-8"))
    entry = chunks.get(ENTRY)
    if not isinstance(entry, dict) or "file" not in entry:
        return None
    later = [chunks.get(name, {}).get("file") for name in entry.get("dynamicImports", [])]
    return IslandScripts(
        URL_PREFIX + str(entry["file"]), tuple(URL_PREFIX + str(f) for f in later if f)
    )


@cache
def _warn_unbuilt(where: Path) -> None:
    log.warning("the site islands are not built in %s (npm run build:site): no islands", where)


def island_scripts(settings: Settings) -> IslandScripts | None:
    """The islands' entry module and the chunks to preload; None (pages still work) when
    they are not built."""
    manifest = settings.site_dist / ".vite" / "manifest.json"
    try:
        return _read(manifest, manifest.stat().st_mtime)
    except (OSError, ValueError, AttributeError):
        _warn_unbuilt(settings.site_dist)
        return None
