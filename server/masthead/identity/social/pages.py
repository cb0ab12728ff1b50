"""The popup's pages: the development provider's form and the final page, which posts the
result to the opener on the site's own origin (never "*") and closes."""

from __future__ import annotations

import json
import secrets
from pathlib import Path

from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, StrictUndefined

from masthead.identity.social.providers import LABELS
from masthead.identity.social.service import FAILURE, Finished

_templates = Environment(
    loader=FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=True,
    undefined=StrictUndefined,
)


def _headers(script_nonce: str = "", referrer: str = "no-referrer") -> dict[str, str]:
    scripts = f"script-src 'nonce-{script_nonce}'; " if script_nonce else ""
    return {
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; "
        f"{scripts}form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        "Cache-Control": "no-store",
        "Referrer-Policy": referrer,  # the address carries the attempt's state
    }


def development_page(provider: str, state: str, callback: str, confirming: bool) -> HTMLResponse:
    label = LABELS[provider]
    # A confirmation (deleting an account) signs nobody in: its page says what it is for.
    title = f"Confirm it's you with {label}" if confirming else f"Sign in with {label}"
    html = _templates.get_template("development.html").render(
        label=label, title=title, state=state, callback=callback
    )
    # same-origin, not no-referrer: under no-referrer a browser posts the form with
    # `Origin: null`, which the origin check refuses when the reader is signed in (a confirm
    # popup). The form posts to this same site only (form-action 'self').
    return HTMLResponse(html, headers=_headers(referrer="same-origin"))


def result_page(finished: Finished, status_code: int = 200) -> HTMLResponse:
    action = finished.message.get("action")
    link, link_text = "", ""
    if action == "login":
        title, text = "You are signed in", "You can close this window."
        link, link_text = "/account/settings", "Go to your account"
    elif action == "register":
        title = "One more step"
        text = "Go back to the page you came from to finish creating your account."
    elif action == "confirm":
        title = "Thank you"
        text = "You have confirmed it is you. Go back to the page you came from to go on."
    elif finished.confirming:  # nobody was signing in: the spec's login failure would mislead
        title, text = "Not confirmed", finished.failure or ""
        link, link_text = "/account/settings", "Back to your account"
    else:
        title, text = "Sign-in failed", f"{FAILURE} {finished.failure or ''}".strip()
        link, link_text = "/account/login", "Back to log in"
    nonce = secrets.token_urlsafe(16)
    html = _templates.get_template("result.html").render(
        title=title,
        text=text,
        link=link,
        link_text=link_text,
        message=json.dumps(finished.message),
        target=finished.target_origin,
        script_nonce=nonce,
    )
    return HTMLResponse(html, status_code=status_code, headers=_headers(nonce))
