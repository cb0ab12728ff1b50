"""Widget templates: one complete HTML document per widget type (pure: no I/O per render).

The documents are Jinja templates in widget_templates/ (page.html, which every widget extends;
referrer_widget.html, conversion_widget.html; parts.html), rendered with autoescape on, so
every value is escaped by the template engine. Nothing is loaded from anywhere: the CSS
(widget.css) and the script (frame.js) are inlined, system fonts, no images. Our library
shows the template in a frame of an opaque origin (a data: document, else sandboxed srcdoc
without allow-same-origin), so it talks to its parent only by postMessage (widget/PROTOCOL.md,
whose messages widget/src/protocol.json lists): `height` on load, on resize and when the page
says `opened`; `close`; `shared` with the medium. Share links are ordinary `target="_blank"`
links, which open in a new tab from either frame (the sandbox allows popups that escape it),
with either library. Controls carry the library's data-squatch-close / data-squatch-share
attributes.

The engagement medium decides the close button: a popup (POPUP, or CTA: the button opens a
popup) shows one; an embed is part of its page and has none. Every template carries a hidden
`#cta` element, the call-to-action button squatch-js templates have: the library shows its
content in the CTA frame when a widgetUrlMappings entry sets showAsCTA, and removes it from the
widget's own document; anywhere else it stays hidden.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from masthead.referrals.share import share_urls

REFERRER_WIDGET = "REFERRER_WIDGET"
CONVERSION_WIDGET = "CONVERSION_WIDGET"
# The engagement media shown as a popup, the only ones with a close button.
CLOSABLE_MEDIUMS = frozenset({"POPUP", "CTA"})

TEMPLATE_DIR = Path(__file__).with_name("widget_templates")
_TEMPLATE_OF = {
    REFERRER_WIDGET: "referrer_widget.html",
    CONVERSION_WIDGET: "conversion_widget.html",
}


@dataclass(frozen=True)
class Referred:
    """The reward waiting for (or given to) a referred participant."""

    converted: bool
    reward: str
    fuel_tank_code: str | None


@dataclass(frozen=True)
class Participant:
    first_name: str
    share_link: str
    referred_count: int
    converted_count: int
    rewards: tuple[str, ...]
    referred: Referred | None


@dataclass(frozen=True)
class View:
    lang: str
    programme_name: str
    referrer_reward: str
    referred_reward: str
    participant: Participant | None  # None: no user (an anonymous GraphQL render)
    engagement_medium: str  # POPUP and CTA show a close button


def inline_script(source: str) -> str:
    """frame.js as a template inlines it: without its comments (they are for its readers and
    its type checker, not for every reader's download). Only comments on lines of their own
    are dropped, so nothing inside a string can be taken for one."""
    return re.sub(r"^[ \t]*/\*.*?\*/[ \t]*\n", "", source, flags=re.S | re.M)


def _environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATE_DIR),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,  # a misspelt name fails the render instead of going blank
        auto_reload=False,
    )
    # Our own constant files, trusted as they are (escaping would break the CSS and the
    # script): no value from a request is ever put into them.
    css = (TEMPLATE_DIR / "widget.css").read_text("utf-8")
    script = inline_script((TEMPLATE_DIR / "frame.js").read_text("utf-8"))
    env.globals["widget_css"] = Markup(css)  # noqa: S704 - a file of this package
    env.globals["frame_script"] = Markup(script)  # noqa: S704 - a file of this package
    env.globals["closable_mediums"] = CLOSABLE_MEDIUMS
    return env


JINJA_ENV = _environment()


def render(widget_type: str, view: View) -> str:
    """The widget's document; any type but the conversion widget is the referrer widget."""
    template = JINJA_ENV.get_template(_TEMPLATE_OF.get(widget_type, _TEMPLATE_OF[REFERRER_WIDGET]))
    person = view.participant
    urls = (
        share_urls(person.share_link, view.referred_reward, view.programme_name)
        if person is not None
        else {}
    )
    return template.render(view=view, share_urls=urls)
