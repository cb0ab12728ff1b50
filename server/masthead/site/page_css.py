"""The publisher pages' whole style sheet (page.css), inlined in <head>: small enough to be
the critical block, so nothing render-blocking is fetched. The brand's colours come in as CSS
custom properties (render.py). Breakpoints as the spec's: mobile 989px or less, desktop 990px
or more; the layout also changes at 600px."""

from __future__ import annotations

import re
from pathlib import Path

_SOURCE = (Path(__file__).parent / "page.css").read_text(encoding="utf-8")
# Comments and line breaks are for the source, not the wire.
PAGE_CSS = re.sub(r"/\*.*?\*/|\n", "", _SOURCE, flags=re.S)
