"""HTML of the dev text outbox (like the dev mailbox, masthead/mail/pages.py): text bodies are
untrusted, so everything is escaped and only http(s) URLs become links."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC
from html import escape

from masthead.sms_outbox.models import DevText

STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}"
    "ol{list-style:none;padding:0}li{border-bottom:1px solid #ccc;padding:.75rem 0}"
    ".body{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0}"
    ".meta{color:#444;font-size:.9rem}a{color:#0645ad}"
    "button{font:inherit;min-height:44px;min-width:44px;padding:.4rem 1rem;cursor:pointer}"
    "a:focus-visible,button:focus-visible{outline:3px solid #0645ad;outline-offset:2px}"
)
# No scripts, nothing loaded; the STOP buttons post forms to this page's own origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'"
)


def _linkify(text: str) -> str:
    # The dev mailbox's rule, not imported from it: a stand-in imports no domain's insides.
    out, position = [], 0
    for match in re.finditer(r"https?://[^\s<>\"'`]+", text):
        url = match.group().rstrip(".,;:!?")
        out.append(escape(text[position : match.start()]))
        out.append(f'<a href="{escape(url)}">{escape(url)}</a>')
        position = match.start() + len(url)
    out.append(escape(text[position:]))
    return "".join(out)


def _item(text: DevText) -> str:
    at = text.sent_at.astimezone(UTC)
    when = f'<time datetime="{at.isoformat()}">{at:%Y-%m-%d %H:%M:%S} UTC</time>'
    if text.stop_replied_at is not None:
        action = "<p>The reader replied STOP.</p>"
    else:
        action = (
            f'<form method="post" action="/dev/texts/{text.id}/stop">'
            f'<button type="submit" aria-label="Reply STOP to text {text.id} to '
            f'{escape(text.to_number)}">Reply STOP</button></form>'
        )
    return (
        f'<li><p class="meta">To <strong>{escape(text.to_number)}</strong>, {when}</p>'
        f'<p class="body">{_linkify(text.body)}</p>{action}</li>'
    )


def outbox_page(texts: Sequence[DevText], limit: int) -> str:
    intro = (
        "<p>Texts the server has sent through the dev outbox SMS backend, newest first. "
        "\u201cReply STOP\u201d does what a reader's STOP reply does: it turns that number's "
        'text alerts off. The same as JSON: <a href="/dev/texts.json">/dev/texts.json</a>.</p>'
    )
    if texts:
        shown = f"the newest {limit}" if len(texts) >= limit else str(len(texts))
        listing = f"<h2>Texts: {shown}</h2><ol>{''.join(_item(t) for t in texts)}</ol>"
    else:
        listing = "<p>No texts yet.</p>"
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Dev text outbox</title><style>{STYLE}</style></head>"
        f"<body><main><h1>Dev text outbox</h1>{intro}{listing}</main></body></html>"
    )
