"""The one layout of Masthead's account mail (receipts, welcome): the same words as plain
text and as simple HTML, so both parts of a message always agree.

A mail is a greeting, paragraphs, an optional list of facts (label and value: the amounts
and dates of a receipt) and one call to action. Everything is escaped in the HTML part.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

SIGNATURE = "The Masthead team"
STYLE_BODY = "font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;max-width:36rem"
# The only headers a mail may add to From/To/Subject/Date/Message-ID: those of list mail
# (RFC 2369, RFC 8058). Transactional mail (resets, receipts) carries none of them.
EXTRA_HEADERS = ("List-Unsubscribe", "List-Unsubscribe-Post", "List-Id")
STYLE_BUTTON = (
    "display:inline-block;padding:.6rem 1rem;background:#1a1a1a;color:#fff;"
    "text-decoration:none;border-radius:4px"
)


@dataclass(frozen=True)
class Mail:
    subject: str
    greeting_name: str
    paragraphs: Sequence[str]
    facts: Sequence[tuple[str, str]] = field(default_factory=tuple)
    action: tuple[str, str] | None = None  # (label, absolute link)
    closing: Sequence[str] = field(default_factory=tuple)
    headers: Mapping[str, str] = field(default_factory=dict)  # EXTRA_HEADERS only

    @property
    def greeting(self) -> str:
        return f"Hello {self.greeting_name}," if self.greeting_name else "Hello,"

    def text(self) -> str:
        parts = [self.greeting, *self.paragraphs]
        if self.facts:
            parts.append("\n".join(f"{label}: {value}" for label, value in self.facts))
        if self.action is not None:
            label, link = self.action
            parts.append(f"{label}: {link}")
        parts.extend(self.closing)
        parts.append(SIGNATURE)
        return "\n\n".join(parts) + "\n"

    def html(self) -> str:
        parts = [f"<p>{escape(self.greeting)}</p>"]
        parts.extend(f"<p>{escape(p)}</p>" for p in self.paragraphs)
        if self.facts:
            rows = "".join(
                f'<tr><th scope="row" style="text-align:left;padding:.2rem 1rem .2rem 0">'
                f"{escape(label)}</th><td>{escape(value)}</td></tr>"
                for label, value in self.facts
            )
            parts.append(f"<table>{rows}</table>")
        if self.action is not None:
            label, link = self.action
            button = f'<a href="{escape(link)}" style="{STYLE_BUTTON}">{escape(label)}</a>'
            parts.append(f"<p>{button}</p>")
        parts.extend(f"<p>{escape(p)}</p>" for p in self.closing)
        parts.append(f"<p>{escape(SIGNATURE)}</p>")
        return (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{escape(self.subject)}</title></head>"
            f'<body><div style="{STYLE_BODY}">{"".join(parts)}</div></body></html>'
        )


def check_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """The extra headers as a plain dict; a name outside EXTRA_HEADERS or a line break in a
    value (header injection) is a programming error, raised before anything is queued."""
    for name, value in headers.items():
        if name not in EXTRA_HEADERS:
            raise ValueError(f"{name!r} is not a header mail may add: {EXTRA_HEADERS}")
        if "\r" in value or "\n" in value:
            raise ValueError(f"The {name} header must be one line")
    return dict(headers)
