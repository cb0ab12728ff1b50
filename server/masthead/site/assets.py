"""The islands' built script (web/dist-site, from `npm run build:site`): its hashed name
from Vite's manifest, and the files themselves under /static/site/."""

from __future__ import annotations

import json
import logging
from functools import cache, lru_cache
from pathlib import Path

from masthead.settings import Settings

log = logging.getLogger(__name__)

ENTRY = "src/site/main.tsx"
URL_PREFIX = "/static/site/"


@lru_cache(maxsize=4)
def _entry_file(manifest: Path, mtime: float) -> str | None:
    entry = json.loads(manifest.read_text(encoding="utf-8")).get(ENTRY)
    return str(entry["file"]) if isinstance(entry, dict) and "file" in entry else None


@cache
def _warn_unbuilt(where: Path) -> None:
    log.warning("the site islands are not built in %s (npm run build:site): no islands", where)


def island_script(settings: Settings) -> str | None:
    """The URL of the islands' entry module; None (pages still work) when not built."""
    manifest = settings.site_dist / ".vite" / "manifest.json"
    try:
        entry = _entry_file(manifest, manifest.stat().st_mtime)
    except (OSError, ValueError):
        _warn_unbuilt(settings.site_dist)
        return None
    return None if entry is None else URL_PREFIX + entry
