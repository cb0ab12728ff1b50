"""GET /demo/merchant: a merchant's page with the referral widget library on it, for people.

It loads this server's `/widget/squatch.min.js` with squatch-js's asynchronous loader
snippet and shows the demo tenant's widget (seed.py: `test_masthead`, test mode, so no user
JWT and no API key on the page) for a fixed demo reader, or for `?as=<name>`. It walks a
person through a referral: share link -> `_saasquatch` cookie -> registration form with the
code autofilled -> a purchase, which the demo merchant's server (POST /demo/merchant/purchase)
records as the `purchase` conversion event -> the referrer's widget counts the friend.

A share link lands here with `_saasquatch` and without `as`: the page then acts as nobody
(a visitor), so following a link never attributes the demo reader to anyone.
Nothing is fetched from another origin: the Content-Security-Policy says so. It allows what
the library asks of a merchant's policy (widget/PROTOCOL.md): `data:` frames, and inline
scripts, because the templates' documents inherit this policy.
"""

from __future__ import annotations

import json
import re
from html import escape

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from masthead.deps import DbDep, RuntimeDep
from masthead.errors import ApiError
from masthead.identity.api import is_reader_tracking_id
from masthead.referrals import conversions
from masthead.referrals.seed import DEMO_TENANT

router = APIRouter(include_in_schema=False)

DEMO_READER = "demo"
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-src data:; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'self'"
)
HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "Cache-Control": "no-store",
    "Referrer-Policy": "same-origin",
}

# overflow-wrap: a share link or a line of code breaks instead of widening a phone's page (no
# sideways scrolling at 320 px, WCAG 1.4.10); links are 24 px high at least (pointer targets,
# WCAG 2.5.8): their padding makes them so without changing the lines. The bottom of main stays
# clear of the floating call-to-action, which would cover the page's last lines otherwise.
STYLE = """
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;
background:#fafafa;overflow-wrap:anywhere}
header,main{max-width:46rem;margin:0 auto;padding:0 1rem}
header{padding-top:1.5rem}
main{padding-bottom:4rem}
.tag{margin:0;color:#4a4a4a;font-size:.875rem;text-transform:uppercase;letter-spacing:.06em}
h1{font-size:1.75rem;margin:.25rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
section{background:#fff;border:1px solid #d0d0d0;border-radius:8px;padding:0 1rem 1rem;
margin:0 0 1rem}
code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9em}
a{color:#0b57d0;padding:4px 0}
button{font:inherit;cursor:pointer;border-radius:6px;padding:.5rem 1rem;border:1px solid #0b57d0;
background:#0b57d0;color:#fff}
button:disabled{cursor:not-allowed;background:#6b6b6b;border-color:#6b6b6b}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{font:inherit;width:100%;max-width:24rem;padding:.5rem;border:1px solid #6b6b6b;
border-radius:6px}
.hint{color:#4a4a4a;font-size:.875rem;margin:.25rem 0 0}
[role=status]:empty{margin:0}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #1d1d1f;
outline-offset:2px}
"""

# What the page does, once the library has loaded (squatch.ready). It reads its settings from
# the JSON block, never from markup put into the script.
SCRIPT = """
(function () {
  var config = JSON.parse(document.getElementById('demo-config').textContent);
  var user = config.user;
  var WIDGET = 'REFERRER_WIDGET';
  function byId(id) { return document.getElementById(id); }
  function say(id, text) { byId(id).textContent = text; }
  function reason(error) { return (error && (error.message || error.rsCode)) || String(error); }

  // Each presentation shows a template asked for with its own engagement medium, and records
  // its analytics with it: the popup's (with a close button) behind the call-to-action (CTA),
  // the embed's (without one: it is part of the page). The page builds both itself from the
  // API's replies: the tenant's showAsCTA mapping would turn every squatch.widgets() call on
  // /demo/merchant into a CTA, the embed's too.
  function params(reply, medium) {
    return {
      content: reply.template, type: WIDGET, api: squatch.api(),
      context: { type: 'upsert', user: user, engagementMedium: medium },
      identity: { tenantAlias: config.tenantAlias, accountId: user.accountId,
                  userId: user.id, engagementMedium: medium }
    };
  }

  function showWidgets(reply) {
    var cta = (reply.jsOptions && reply.jsOptions.cta && reply.jsOptions.cta.content) || {};
    // The CTA's code is a chunk of the library, fetched on first use. Its popup opens from the
    // page's .squatchpop button too.
    squatch.loadChunk('cta').then(function (chunk) {
      new chunk.CtaWidget(params(reply, 'CTA'),
        { side: cta.buttonSide || 'right', position: cta.buttonPosition || 'bottom' },
        '<button type="button" style="font:16px system-ui,sans-serif;padding:10px 16px;' +
        'border:0;border-radius:6px;background:#0b57d0;color:#fff">Refer a friend</button>').load();
    });
    // The reader exists now (the upsert made them): the embed's template is a render (call 3).
    squatch.api().render({ user: user, widgetType: WIDGET, engagementMedium: 'EMBED' })
      .then(function (embedded) {
        new squatch.EmbedWidget(params(embedded, 'EMBED'), '#squatchembed').load();
      }, function (error) {
        say('embed-status', 'The embedded widget could not load: ' + reason(error));
      });
    var link = byId('share-link');
    link.href = reply.user.shareLinks.shareLink;
    link.textContent = reply.user.shareLinks.shareLink;
    var referredBy = reply.user.referredBy;
    say('referred-by', referredBy ? 'You were referred with the code ' + referredBy.code + '.'
                                  : 'Nobody referred you.');
    byId('purchase').disabled = false;
  }

  function register(event) {
    event.preventDefault();
    var form = event.target;
    var email = form.elements.email.value.trim();
    var firstName = form.elements.firstName.value.trim();
    var id = email.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
    if (!id || !firstName) {
      return say('register-status', 'Please enter a first name and an email address.');
    }
    say('register-status', 'Registering…');
    // Creating the participant attributes the referral from the _saasquatch cookie.
    squatch.api().upsertUser({
      user: { id: id, accountId: id, email: email, firstName: firstName },
      widgetType: WIDGET, engagementMedium: 'POPUP'
    }).then(function () {
      location.assign('/demo/merchant?as=' + encodeURIComponent(id));
    }, function (error) { say('register-status', 'Registration failed: ' + reason(error)); });
  }

  // `purchase` converts a referral, so only the merchant's server may send it (with the
  // tenant's API key): the page asks its own server, as a shop's checkout would.
  function purchase() {
    say('purchase-status', 'Sending…');
    fetch('/demo/merchant/purchase', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: user.id })
    }).then(function (response) {
      return response.json().then(function (body) { if (!response.ok) throw body; });
    }).then(function () {
      say('purchase-status', 'Purchase recorded. If a friend referred you, their widget now ' +
          'counts you as a friend who joined.');
    }).catch(function (error) {
      say('purchase-status', 'The purchase was not recorded: ' + reason(error));
    });
  }

  squatch.ready(function () {
    squatch.init({ tenantAlias: config.tenantAlias, domain: config.domain });
    squatch.autofill('#referral-code').catch(function (error) {
      say('register-status', 'The referral code could not be read: ' + reason(error));
    });
    byId('register-form').addEventListener('submit', register);
    if (!user) return;
    byId('purchase').addEventListener('click', purchase);
    squatch.api().upsertUser({ user: user, widgetType: WIDGET, engagementMedium: 'POPUP' })
      .then(showWidgets, function (error) {
        say('referred-by', 'The referral widget could not load: ' + reason(error));
      });
  });
})();
"""

# squatch-js's asynchronous loader snippet, unchanged but for the script's address: calls to
# squatch.ready(fn) made before the script arrives are queued in window._squatch.ready.
LOADER = """
!function (name, src) {
  window['_' + name] = {};
  window[name] = { ready: function (fn) {
    window['_' + name].ready = window['_' + name].ready || [];
    window['_' + name].ready.push(fn);
  } };
  var script = document.createElement('script');
  script.async = 1;
  script.src = src;
  var first = document.getElementsByTagName('script')[0];
  first.parentNode.insertBefore(script, first);
}('squatch', '/widget/squatch.min.js');
"""


def _json_for_script(value: object) -> str:
    # "</" and "<!--" cannot end or confuse the script element: JSON escapes "<".
    return json.dumps(value).replace("<", "\\u003c")


def _acting_as(name: str | None) -> str:
    if name is None:
        return (
            f"<p>You are acting as the demo reader <strong>{DEMO_READER}</strong> (user id and "
            f'account id <code>{DEMO_READER}</code>). Act as someone else with <a href="'
            f'/demo/merchant?as=alice">/demo/merchant?as=alice</a>.</p>'
        )
    return (
        f"<p>You are acting as <strong>{escape(name)}</strong> (user id and account id "
        f'<code>{escape(name)}</code>). <a href="/demo/merchant">Back to the demo reader</a>.</p>'
    )


def _widgets_section(name: str | None) -> str:
    return f"""<section aria-labelledby="widget-heading">
<h2 id="widget-heading">Your referral widget</h2>
{_acting_as(name)}
<p id="referred-by" role="status"></p>
<p><button type="button" class="squatchpop">Refer a friend</button>
opens the popup (any element with the class <code>squatchpop</code> does). The floating
button at the bottom right of the window, the call-to-action, opens it too.</p>
<p>The same widget, embedded in the page:</p>
<div id="squatchembed"></div>
<p id="embed-status" role="status"></p>
</section>
<section aria-labelledby="try-heading">
<h2 id="try-heading">Try a referral</h2>
<ol>
<li>Open your share link in a new tab, as a friend would:
<a id="share-link" href="/demo/merchant" target="_blank" rel="noopener">loading…</a>.
It leads back to this page with a <code>_saasquatch</code> parameter, which the library
keeps as the referral cookie.</li>
<li>In that tab, register as the friend with the form below: the referral code is already
filled in from the cookie.</li>
<li>Still as the friend, buy a membership: the merchant's server records a <code>purchase</code>
event.</li>
<li>Reload this tab: your widget now counts one more friend who joined, and a reward.</li>
</ol>
</section>"""


def _visitor_section() -> str:
    return """<section aria-labelledby="visitor-heading">
<h2 id="visitor-heading">You followed a share link</h2>
<p>The library has stored the link's referral as the <code>_saasquatch</code> cookie. Register
below as the friend: the referral code is filled in from that cookie, and the referral is
recorded when you register.</p>
</section>"""


def demo_page(domain: str, name: str | None, visitor: bool) -> str:
    user_id = name or DEMO_READER
    user = None if visitor else {"id": user_id, "accountId": user_id}
    config = {"tenantAlias": DEMO_TENANT, "domain": domain, "user": user}
    body = _visitor_section() if visitor else _widgets_section(name)
    register_first = " Register first." if visitor else ""
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo merchant: Masthead referrals</title>
<link rel="icon" href="data:,">
<style>{STYLE}</style>
<script>{LOADER}</script>
</head>
<body>
<header>
<p class="tag">A merchant's page</p>
<h1>Demo merchant: Masthead referrals</h1>
<p>This page shows Masthead's referral widget library the way a merchant uses it: it loads
<code>/widget/squatch.min.js</code> with squatch-js's loader snippet and calls
<code>squatch.init({{tenantAlias: '{DEMO_TENANT}', domain: this server}})</code>. The tenant
is in test mode, so the page needs no user token and holds no API key. Nothing is fetched
from any other site.</p>
</header>
<main>
{body}
<section aria-labelledby="register-heading">
<h2 id="register-heading">Register</h2>
<form id="register-form" novalidate>
<label for="first-name">First name</label>
<input id="first-name" name="firstName" autocomplete="given-name" required>
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<label for="referral-code">Referral code</label>
<input id="referral-code" name="referralCode" aria-describedby="referral-code-hint">
<p id="referral-code-hint" class="hint">Filled in by <code>squatch.autofill('#referral-code')</code>
from the referral cookie, when you came through a share link.</p>
<p><button type="submit">Register</button></p>
<p id="register-status" role="status"></p>
</form>
</section>
<section aria-labelledby="buy-heading">
<h2 id="buy-heading">Buy a membership</h2>
<p><button type="button" id="purchase" disabled>Buy a membership</button></p>
<p class="hint">The page asks the demo merchant's server to record the event
<code>purchase</code>, which converts a pending referral: only a merchant's server may send it,
with the tenant's API key (a reader's browser could otherwise reward itself).{register_first}</p>
<p id="purchase-status" role="status"></p>
</section>
</main>
<script id="demo-config" type="application/json">{_json_for_script(config)}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""


class Purchase(BaseModel):
    """What the demo page tells its merchant's server after a purchase."""

    user: str = Field(pattern=NAME.pattern, description="The buyer's user and account id.")


class PurchaseRecorded(BaseModel):
    converted: bool = Field(description="True only for the purchase that converted a referral.")


@router.post("/demo/merchant/purchase")
def demo_purchase(body: Purchase, db: DbDep, rt: RuntimeDep) -> PurchaseRecorded:
    """The demo merchant's server after a purchase: it records the `purchase` conversion event,
    which a browser may not send. Being Masthead itself, it does so in process rather than with
    the tenant's API key over the events API (call 8).
    """
    user = body.user
    # The demo tenant is also the site's referral tenant under `make run`, whose participants
    # are readers known by their tracking id: a purchase here must never convert one of them
    # (billing converts a reader, and only once they have paid).
    if is_reader_tracking_id(db, user):
        raise ApiError(
            403,
            "not-a-demo-participant",
            "This participant is a Masthead reader, not one of the demo merchant's customers: "
            "only a paid membership converts their referral.",
        )
    converted = conversions.record_conversion(db, rt, DEMO_TENANT, user, user, "purchase")
    return PurchaseRecorded(converted=converted)


@router.get("/demo/merchant", response_class=HTMLResponse)
def demo_merchant(request: Request) -> HTMLResponse:
    name = request.query_params.get("as")
    if name is not None and not NAME.match(name):
        return HTMLResponse(
            "<!doctype html><html lang='en'><meta charset='utf-8'><title>Demo merchant</title>"
            "<p>The name after <code>?as=</code> must be 1 to 64 letters, digits, - or _.</p>",
            400,
            headers=HEADERS,
        )
    visitor = name is None and "_saasquatch" in request.query_params
    domain = str(request.base_url).rstrip("/")
    return HTMLResponse(demo_page(domain, name, visitor), headers=HEADERS)
