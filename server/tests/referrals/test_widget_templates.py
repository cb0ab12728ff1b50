"""The widget templates as files (masthead/referrals/widget_templates/): escaped by the template
engine, speaking only the frame protocol's messages (widget/src/protocol.json; the widget's
tests run the script itself: widget/test/templateScript.test.ts)."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest

from masthead.referrals import templates
from masthead.referrals.templates import (
    CONVERSION_WIDGET,
    REFERRER_WIDGET,
    Participant,
    Referred,
    View,
)
from masthead.settings import REPO_ROOT

PROTOCOL = json.loads((REPO_ROOT / "widget/src/protocol.json").read_text("utf-8"))
SCRIPT = (templates.TEMPLATE_DIR / "frame.js").read_text("utf-8")
HOSTILE = "<x y='1' z=\"2\">&amp;"

PERSON = Participant(
    first_name="Ada",
    share_link="https://example.com/r/ADA",
    referred_count=2,
    converted_count=1,
    rewards=("One month free",),
    referred=None,
)
VIEW = View(
    lang="en-GB",
    programme_name="Friends",
    referrer_reward="A month free",
    referred_reward="Your first month free",
    participant=PERSON,
    engagement_medium="POPUP",
)
REFERRED = [
    None,
    Referred(converted=False, reward="Your first month free", fuel_tank_code=None),
    Referred(converted=True, reward="Your first month free", fuel_tank_code="FT-1"),
    Referred(converted=True, reward="Your first month free", fuel_tank_code=None),
]


def every_document(view: View = VIEW) -> list[str]:
    """Both widgets for an anonymous render and for each kind of participant, in each medium."""
    people = [None, view.participant, *(replace(PERSON, referred=r) for r in REFERRED)]
    return [
        templates.render(kind, replace(view, participant=person, engagement_medium=medium))
        for kind in (REFERRER_WIDGET, CONVERSION_WIDGET)
        for person in people
        for medium in ("POPUP", "EMBED", "CTA")
    ]


def test_every_value_is_escaped_by_the_template_engine() -> None:
    hostile = Participant(HOSTILE, HOSTILE, 1, 1, (HOSTILE,), None)
    view = View(HOSTILE, HOSTILE, HOSTILE, HOSTILE, hostile, "POPUP")
    documents = every_document(view) + [
        templates.render(CONVERSION_WIDGET, replace(view, participant=replace(hostile, referred=r)))
        for r in (Referred(False, HOSTILE, None), Referred(True, HOSTILE, HOSTILE))
    ]
    for document in documents:
        assert "<x" not in document and "&amp;amp;" in document
    assert templates.JINJA_ENV.autoescape is True


def test_the_template_files_parse_and_name_no_missing_value() -> None:
    env = templates.JINJA_ENV
    assert sorted(env.list_templates(extensions=["html"])) == [
        "conversion_widget.html",
        "page.html",
        "parts.html",
        "referrer_widget.html",
    ]
    for name in env.list_templates(extensions=["html"]):
        env.get_template(name)  # a syntax error raises here
    assert len(every_document()) == 36  # StrictUndefined: a misspelt name would raise


def test_the_css_and_the_script_are_inlined_from_their_files() -> None:
    css = (templates.TEMPLATE_DIR / "widget.css").read_text("utf-8")
    script = templates.inline_script(SCRIPT)
    assert "/*" not in script and script.startswith("(function () {")
    for document in every_document():
        assert f"<style>\n{css}</style>" in document
        assert f"<script>\n{script}</script>" in document


def test_share_controls_name_the_protocols_share_media() -> None:
    media = set(PROTOCOL["shareMedia"])
    for document in every_document():
        assert set(re.findall(r'data-squatch-share="([^"]*)"', document)) <= media
    referrer = templates.render(REFERRER_WIDGET, VIEW)
    shared = re.findall(r'data-squatch-share="([^"]*)"', referrer)
    assert shared == ["DIRECT", "EMAIL", "FACEBOOK", "TWITTER", "LINKEDIN", "WHATSAPP", "SMS"]


def test_the_script_speaks_the_protocols_messages() -> None:
    posted = set(re.findall(r'type: "(\w+)"', SCRIPT))
    heard = set(re.findall(r'data\.type === "(\w+)"', SCRIPT))
    assert posted == {"height", "close", "shared"} and posted <= set(PROTOCOL["frameToPage"])
    assert heard == {"opened"} and heard <= set(PROTOCOL["pageToFrame"])
    assert f"squatch = {PROTOCOL['envelope']['squatch']};" in SCRIPT


@pytest.mark.parametrize(
    ("kind", "title"),
    [(REFERRER_WIDGET, "Refer a friend"), (CONVERSION_WIDGET, "Your reward"), ("OTHER", "Refer")],
)
def test_title_and_cta_button_name_the_widget(kind: str, title: str) -> None:
    document = templates.render(kind, VIEW)
    assert re.search(rf"<title>{title}[^<]*</title>", document)
    assert re.search(rf'<div id="cta" hidden><button type="button" style="[^"]+">{title}', document)
