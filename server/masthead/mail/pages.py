"""HTML of the dev mailbox. Mail text is untrusted: everything is escaped, and only http(s)
URLs become links."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape

from masthead.mail.models import DeliveredMail

URL = re.compile(r"https?://[^\s<>\"'`]+", re.IGNORECASE)
# Sentence punctuation right after a URL ends the sentence, not the URL.
TRAILING = ".,;:!?"
STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}"
    "table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem;"
    "border-bottom:1px solid #ccc;vertical-align:top}caption{text-align:left;padding:.4rem 0}"
    ".text{white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #ccc;padding:1rem}"
    "a{color:#0645ad}a:focus-visible{outline:3px solid #0645ad;outline-offset:2px}"
    "dd{overflow-wrap:anywhere;margin-left:1rem}button{font:inherit;min-height:44px;"
    "padding:.4rem 1rem}button:focus-visible{outline:3px solid #0645ad;outline-offset:2px}"
)
# RFC 8058: the header that says a POST to the List-Unsubscribe URL unsubscribes at once.
ONE_CLICK = "List-Unsubscribe=One-Click"
HEADER_URL = re.compile(r"<(https?://[^<>\s]+)>", re.IGNORECASE)
# Nothing on these pages runs scripts or loads anything; links still navigate.
CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'"


def linkify(text: str) -> str:
    """Escaped text with each http(s) URL as a link."""
    parts: list[str] = []
    position = 0
    for match in URL.finditer(text):
        url = match.group().rstrip(TRAILING)
        if url.endswith(")") and "(" not in url:
            url = url.rstrip(")")
        start, end = match.start(), match.start() + len(url)
        parts.append(escape(text[position:start]))
        parts.append(f'<a href="{escape(url)}">{escape(url)}</a>')
        position = end
    parts.append(escape(text[position:]))
    return "".join(parts)


def _time(at: datetime) -> str:
    at = at.astimezone(UTC)
    return f'<time datetime="{at.isoformat()}">{at:%Y-%m-%d %H:%M:%S} UTC</time>'


def _subject(mail: DeliveredMail) -> str:
    return escape(mail.subject or "(no subject)")


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>"
    )


def mailbox_page(mails: Sequence[DeliveredMail], limit: int) -> str:
    intro = (
        "<p>Mail the server has sent through the dev mailbox backend, newest first. "
        'The same as JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a>.</p>'
    )
    if not mails:
        return _page("Dev mailbox", f"<h1>Dev mailbox</h1>{intro}<p>No mail yet.</p>")
    rows = "".join(
        f"<tr><td>{escape(mail.to_address)}</td>"
        f'<td><a href="/dev/mailbox/{mail.id}">{_subject(mail)}</a></td>'
        f"<td>{_time(mail.delivered_at)}</td></tr>"
        for mail in mails
    )
    shown = f"the newest {limit}" if len(mails) >= limit else str(len(mails))
    table = (
        f"<table><caption>Messages: {shown}</caption><thead><tr>"
        '<th scope="col">To</th><th scope="col">Subject</th><th scope="col">Delivered</th>'
        f"</tr></thead><tbody>{rows}</tbody></table>"
    )
    return _page("Dev mailbox", f"<h1>Dev mailbox</h1>{intro}{table}")


def one_click_url(headers: dict[str, str]) -> str | None:
    """The http(s) URL a mail client POSTs to for one-click unsubscribe (RFC 8058), if the
    mail offers it: List-Unsubscribe-Post says so and List-Unsubscribe names the URL."""
    if headers.get("List-Unsubscribe-Post", "").strip() != ONE_CLICK:
        return None
    match = HEADER_URL.search(headers.get("List-Unsubscribe", ""))
    return match.group(1) if match else None


def _unsubscribe(headers: dict[str, str]) -> str:
    """The mail client's Unsubscribe button: the same POST a mail provider sends."""
    url = one_click_url(headers)
    if url is None:
        return ""
    return (
        f'<form method="post" action="{escape(url)}">'
        f'<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        '<button type="submit">Unsubscribe</button></form>'
        "<p>Sends the one-click POST (RFC 8058) a mail provider sends, without asking.</p>"
    )


def message_page(mail: DeliveredMail) -> str:
    headers = dict(mail.headers or {})
    extra = "".join(
        f"<dt>{escape(name)}</dt><dd>{escape(value)}</dd>" for name, value in headers.items()
    )
    body = (
        '<nav><a href="/dev/mailbox">All mail</a></nav>'
        f"<h1>{_subject(mail)}</h1>"
        f"<dl><dt>To</dt><dd>{escape(mail.to_address)}</dd>"
        f"<dt>Delivered</dt><dd>{_time(mail.delivered_at)}</dd>{extra}</dl>"
        f"{_unsubscribe(headers)}"
        f'<h2>Text</h2><div class="text">{linkify(mail.text)}</div>'
    )
    return _page(f"{mail.subject or '(no subject)'} - Dev mailbox", body)
