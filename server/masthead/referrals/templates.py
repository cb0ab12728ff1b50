"""Widget templates: one complete HTML document per widget type (pure: no I/O).

Every value goes through html.escape. Nothing is loaded from anywhere: inline CSS and script,
system fonts, no images. Our library shows the template in a frame of an opaque origin (a
data: document, else sandboxed srcdoc without allow-same-origin), so it talks to its parent
only by postMessage (widget/PROTOCOL.md): `height` on load, on resize and when the page says
`opened`; `close`; `shared` with the medium. Share links are ordinary `target="_blank"` links,
which open in a new tab from either frame (the sandbox allows popups that escape it), with
either library.
Controls carry the library's data-squatch-close / data-squatch-share attributes.

The engagement medium decides the close button: a popup (POPUP, or CTA: the button opens a
popup) shows one; an embed is part of its page and has none. Every template carries a hidden
`#cta` element, the call-to-action button squatch-js templates have: the library shows its
content in the CTA frame when a widgetUrlMappings entry sets showAsCTA, and removes it from the
widget's own document; anywhere else it stays hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from masthead.referrals.share import share_urls

REFERRER_WIDGET = "REFERRER_WIDGET"
CONVERSION_WIDGET = "CONVERSION_WIDGET"
# The engagement media shown as a popup, the only ones with a close button.
CLOSABLE_MEDIUMS = frozenset({"POPUP", "CTA"})

# The CTA frame gets only the #cta element's content: it styles itself, and its margin keeps it
# whole where the frame sits 10px past the window's edge.
CTA_BUTTON_STYLE = (
    "margin:12px;font:600 16px/1.25 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
    "padding:10px 16px;border:0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer;"
    "box-shadow:0 2px 6px #0004"
)

SHARE_BUTTONS = (
    ("EMAIL", "Email", "Share by email"),
    ("FACEBOOK", "Facebook", "Share on Facebook"),
    ("TWITTER", "X (Twitter)", "Share on X (Twitter)"),
    ("LINKEDIN", "LinkedIn", "Share on LinkedIn"),
    ("WHATSAPP", "WhatsApp", "Share on WhatsApp"),
    ("SMS", "SMS", "Share by text message"),
)


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


CSS = """
*{box-sizing:border-box}
html{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
color:#1d1d1f;background:#fff}
body{margin:0}
main{position:relative;padding:24px;max-width:560px;margin:0 auto}
h1{font-size:1.375rem;line-height:1.3;margin:0 48px 8px 0}
h2{font-size:1rem;margin:20px 0 8px}
p{margin:0 0 12px}
label{display:block;font-weight:600;margin:0 0 4px}
.muted{color:#4a4a4a}
.row{display:flex;gap:8px}
input{flex:1;min-width:0;font:inherit;padding:8px 10px;border:1px solid #6b6b6b;
border-radius:6px;color:#1d1d1f;background:#f7f7f7}
button{font:inherit;cursor:pointer;border-radius:6px;padding:8px 14px;
border:1px solid #0b57d0;background:#0b57d0;color:#fff}
.share a{display:inline-block;border-radius:6px;padding:8px 14px;border:1px solid #0b57d0;
background:#fff;color:#0b57d0;text-decoration:none}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1d1d1f;
outline-offset:2px}
.close{position:absolute;top:16px;right:16px;padding:2px 10px;background:#fff;
color:#1d1d1f;border-color:#6b6b6b}
.share{display:flex;flex-wrap:wrap;gap:8px;padding:0;margin:0;list-style:none}
.stats{display:flex;gap:12px;margin:0}
.stats div{flex:1;padding:12px;border:1px solid #c4c4c4;border-radius:8px}
.stats dt{font-size:.875rem;color:#4a4a4a}
.stats dd{margin:0;font-size:1.5rem;font-weight:700}
.offer{margin:0 0 16px}
.offer dd{font-size:1.0625rem}
.code{font-family:ui-monospace,Menlo,Consolas,monospace;letter-spacing:.05em}
"""

# Constant: it reads what it needs from data- attributes, so no value is put into script.
SCRIPT = """
(function () {
  function post(message) { message.squatch = 1; window.parent.postMessage(message, "*"); }
  function height() {
    post({ type: "height",
      height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }
  function say(text) { var s = document.getElementById("status"); if (s) s.textContent = text; }
  function copy(button) {
    var input = document.getElementById(button.getAttribute("data-squatch-copy"));
    var fallback = "Press Ctrl+C (or Cmd+C) to copy.";
    input.focus();
    input.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    if (done) { say("Copied to the clipboard."); return; }
    if (!navigator.clipboard) { say(fallback); return; }
    navigator.clipboard.writeText(input.value).then(
      function () { say("Copied to the clipboard."); }, function () { say(fallback); });
  }
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest(
      "[data-squatch-close],[data-squatch-copy],[data-squatch-share]") : null;
    if (!target) return;
    if (target.hasAttribute("data-squatch-close")) { post({ type: "close" }); return; }
    if (target.hasAttribute("data-squatch-copy")) copy(target);
    var medium = target.getAttribute("data-squatch-share");
    if (medium) post({ type: "shared", shareMedium: medium });
  });
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source === window.parent && data && data.squatch === 1 && data.type === "opened") {
      height();
    }
  });
  window.addEventListener("load", height);
  if (window.ResizeObserver) new ResizeObserver(height).observe(document.documentElement);
  height();
})();
"""


def e(value: object) -> str:
    return escape(str(value), quote=True)


def _page(view: View, title: str, cta: str, body: str) -> str:
    close = (
        '<button type="button" class="close" data-squatch-close aria-label="Close">'
        '<span aria-hidden="true">&times;</span></button>\n'
        if view.engagement_medium in CLOSABLE_MEDIUMS
        else ""
    )
    return (
        f'<!doctype html>\n<html lang="{e(view.lang)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f'<main class="squatch-container">\n{close}{body}</main>\n'
        f'<div id="cta" hidden><button type="button" style="{CTA_BUTTON_STYLE}">{e(cta)}</button>'
        f"</div>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    )


def _copy_field(field_id: str, label: str, value: str, medium: str | None, css: str = "") -> str:
    medium_attr = f' data-squatch-share="{e(medium)}"' if medium else ""
    class_attr = f' class="{css}"' if css else ""
    return (
        f'<label for="{field_id}">{e(label)}</label>\n<div class="row">'
        f'<input id="{field_id}"{class_attr} type="text" readonly value="{e(value)}">'
        f'<button type="button" data-squatch-copy="{field_id}"{medium_attr}>'
        "Copy</button></div>\n"
        '<p id="status" class="muted" role="status" aria-live="polite"></p>\n'
    )


def _share_links(view: View, link: str) -> str:
    # Links, so each works by keyboard and without the script; the script reports the share.
    urls = share_urls(link, view.referred_reward, view.programme_name)
    items = "".join(
        f'<li><a href="{e(urls[medium])}" target="_blank" rel="noopener noreferrer" '
        f'data-squatch-share="{medium}" aria-label="{e(label)}">{e(text)}</a></li>'
        for medium, text, label in SHARE_BUTTONS
    )
    return (
        '<h2 id="share-heading">Share</h2>\n'
        f'<ul class="share" aria-labelledby="share-heading">{items}</ul>\n'
    )


def referrer_widget(view: View) -> str:
    person = view.participant
    # Reward texts are the merchant's own ("Your first month free"), so they stand alone.
    intro = (
        '<dl class="stats offer">'
        f"<div><dt>Your friends get</dt><dd>{e(view.referred_reward)}</dd></div>"
        f"<div><dt>You get, for each friend who joins</dt><dd>{e(view.referrer_reward)}</dd></div>"
        "</dl>\n"
    )
    if person is None:
        body = f"<h1>Refer a friend</h1>\n{intro}<p>Sign in to get your referral link.</p>\n"
        return _page(view, "Refer a friend", "Refer a friend", body)
    greeting = f"<p>Hi {e(person.first_name)}!</p>\n" if person.first_name else ""
    rewards = (
        "<ul>" + "".join(f"<li>{e(reward)}</li>" for reward in person.rewards) + "</ul>\n"
        if person.rewards
        else f'<p class="muted">No rewards yet. Share your link to earn '
        f"{e(view.referrer_reward)}.</p>\n"
    )
    body = (
        f"<h1>Refer a friend</h1>\n{greeting}{intro}"
        + _copy_field("share-link", "Your referral link", person.share_link, "DIRECT")
        + _share_links(view, person.share_link)
        + '<h2>Your referrals</h2>\n<dl class="stats">'
        f"<div><dt>Friends referred</dt><dd>{person.referred_count}</dd></div>"
        f"<div><dt>Friends who joined</dt><dd>{person.converted_count}</dd></div></dl>\n"
        f"<h2>Your rewards</h2>\n{rewards}"
    )
    return _page(view, "Refer a friend", "Refer a friend", body)


def conversion_widget(view: View) -> str:
    referred = view.participant.referred if view.participant else None
    if referred is None:
        body = "<h1>Your reward</h1>\n<p>There is no referral reward waiting for you.</p>\n"
    elif not referred.converted:
        body = (
            "<h1>A friend referred you</h1>\n"
            f"<p>Start your membership to get your reward: {e(referred.reward)}.</p>\n"
        )
    elif referred.fuel_tank_code:
        body = f"<h1>Your reward</h1>\n<p>{e(referred.reward)}</p>\n" + _copy_field(
            "reward-code", "Your reward code", referred.fuel_tank_code, None, "code"
        )
    else:
        body = (
            f"<h1>Your reward</h1>\n<p>{e(referred.reward)}</p>\n<p>Your reward is recorded.</p>\n"
        )
    return _page(view, "Your reward", "Your reward", body)


def render(widget_type: str, view: View) -> str:
    if widget_type == CONVERSION_WIDGET:
        return conversion_widget(view)
    return referrer_widget(view)
