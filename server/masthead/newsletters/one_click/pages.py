"""The small HTML pages of the unsubscribe URL: the confirmation a GET shows (link scanners
prefetch links, so a GET changes nothing) and the answer to the POST. No script, nothing
loaded; the reader's words (list names) are escaped."""

from __future__ import annotations

from html import escape

from masthead.newsletters.one_click.links import SETTINGS_SCREEN

STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:36rem;padding:0 1rem;"
    "color:#1a1a1a}a{color:#0645ad}button{font:inherit;min-height:44px;padding:.5rem 1.25rem;"
    "background:#1a1a1a;color:#fff;border:0;border-radius:4px;cursor:pointer}"
    "a:focus-visible,button:focus-visible{outline:3px solid #0645ad;outline-offset:2px}"
    "p>a{display:inline-block;padding:.6rem 0}"  # a link on its own: a 24 px target at least
)
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Cache-Control": "no-store",
    # The URL is the key: it goes to no other site. Not no-referrer: under it the browser sends
    # "Origin: null" with the page's own form, and the origin check refuses a signed-in reader's
    # confirmation as a cross-site write (masthead/origin.py).
    "Referrer-Policy": "same-origin",
}
# noreferrer: the account area is not told this page's address (the key) either.
SETTINGS_LINK = (
    f'<p><a href="{SETTINGS_SCREEN}" rel="noreferrer">Sign in to manage your newsletters</a></p>'
)


def _page(title: str, body: str) -> str:
    return (
        '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><main><h1>{escape(title)}</h1>{body}</main></body></html>"
    )


def confirm_page(list_name: str | None, email: str) -> str:
    """One button: the same POST a mail provider sends (List-Unsubscribe=One-Click), posted
    to this page's own address."""
    if list_name is None:
        return gone_page()
    body = (
        f"<p>Stop sending {escape(list_name)} to {escape(email)}?</p>"
        '<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">'
        '<button type="submit">Unsubscribe</button></form>'
        f"{SETTINGS_LINK}"
    )
    return _page(f"Unsubscribe from {list_name}", body)


def done_page(list_name: str | None, email: str) -> str:
    if list_name is None:
        return gone_page()
    body = (
        f"<p>You have left {escape(list_name)}. No more of it will be sent to "
        f"{escape(email)}.</p>{SETTINGS_LINK}"
    )
    return _page("You are unsubscribed", body)


def gone_page() -> str:
    body = "<p>This newsletter no longer exists, so nothing more of it will be sent.</p>"
    body += SETTINGS_LINK
    return _page("You are unsubscribed", body)


def error_page(message: str) -> str:
    return _page("This link does not work", f"<p>{escape(message)}</p>{SETTINGS_LINK}")
