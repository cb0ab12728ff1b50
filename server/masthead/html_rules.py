"""What the publisher's own HTML may hold (a static page's body, a story's teaser and
members' part): it is shown as it is, so it is checked when stored. Text structure and links
only (no scripts, styles, frames, forms or event handlers), no <h1> (the page's title or the
story's headline is its heading), ids unique (and apart from the ids the page around it
uses), and the ids other pages link to (the cancellation section) present.

Pure and neutral: the static pages (site) and the stories (articles) both check with it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

ALLOWED_TAGS = frozenset(
    {
        *("p", "h2", "h3", "h4", "ul", "ol", "li", "dl", "dt", "dd", "blockquote", "section"),
        *("a", "strong", "em", "b", "i", "br", "hr", "small", "abbr", "code", "span"),
        *("table", "caption", "thead", "tbody", "tr", "th", "td"),
    }
)
ALLOWED_ATTRIBUTES = frozenset({"id", "href", "title", "class", "scope"})
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")
# Links stay on the site (a path or a fragment) or go to the web or to a mail address.
_HREF = re.compile(r"(/(?![/\\])|#|https?://|mailto:)", re.IGNORECASE)
# Browsers drop tabs and line breaks inside a URL and read a backslash as "/" ("/<TAB>/x"
# is "//x"): no control character, space or backslash in a link.
_HREF_NEVER = re.compile(r"[\x00-\x20\\]")


class PageHtmlError(ValueError):
    """A sentence naming what to change."""


class _Checker(HTMLParser):
    def __init__(self, what: str, taken_ids: tuple[str, ...]) -> None:
        super().__init__(convert_charrefs=True)
        self.what = what
        self.taken = taken_ids
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ALLOWED_TAGS:
            hint = " (the page's title is its only <h1>: use <h2>)" if tag == "h1" else ""
            raise PageHtmlError(
                f"{self.what} may not contain <{tag}>{hint}. Allowed elements: "
                f"{', '.join(sorted(ALLOWED_TAGS))}."
            )
        for name, value in attrs:
            self._check_attribute(tag, name, value or "")

    def _check_attribute(self, tag: str, name: str, value: str) -> None:
        if name not in ALLOWED_ATTRIBUTES:
            raise PageHtmlError(
                f'The attribute "{name}" on <{tag}> is not allowed. Allowed attributes: '
                f"{', '.join(sorted(ALLOWED_ATTRIBUTES))}."
            )
        if name == "href" and (not _HREF.match(value) or _HREF_NEVER.search(value)):
            raise PageHtmlError(
                f'The link "{value[:80]}" is not allowed: use a path on this site (/...), '
                "a #section, an http(s):// address or mailto:."
            )
        if name == "id":
            if not _ID.fullmatch(value):
                raise PageHtmlError(
                    f'The id "{value[:80]}" is not allowed: start with a letter and use '
                    "letters, digits, - and _ (at most 64)."
                )
            if value in self.ids:
                raise PageHtmlError(f'The id "{value}" is used twice: ids must be unique.')
            if value in self.taken:
                raise PageHtmlError(
                    f'The id "{value}" is already used elsewhere on the page: choose another.'
                )
            self.ids.append(value)


def check_body(
    body_html: str,
    required_ids: tuple[str, ...] = (),
    *,
    what: str = "The body",
    taken_ids: tuple[str, ...] = (),
) -> list[str]:
    """Raises PageHtmlError naming the first thing the HTML may not hold (`what` names it in
    the sentence); `taken_ids` are ids the page around it already has. Answers its ids."""
    checker = _Checker(what, taken_ids)
    checker.feed(body_html)
    checker.close()
    for required in required_ids:
        if required not in checker.ids:
            raise PageHtmlError(
                f'{what} needs an element with id="{required}": links point to '
                f"#{required} on this page (for example <h2 "
                f'id="{required}">...</h2>).'
            )
    return checker.ids
