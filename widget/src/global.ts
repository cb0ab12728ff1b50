// The classic-script entry: defines window.squatch, then runs what the loader snippet queued.
// The CTA and the library's other rarely used parts come as chunks (chunks.classic.ts).
import { loadChunk } from './chunks.js';
import { core } from './core.js';
import { EmbedWidget } from './EmbedWidget.js';
import { EventsApi } from './EventsApi.js';
import { PopupWidget, warmPopup } from './PopupWidget.js';
import { api, autofill, events, init, pushCookie, ready, widget, widgets } from './squatch.js';
import type { AutoDropOptOut } from './types.js';
import { isObject } from './validate.js';
import { Widget } from './Widget.js';
import { WidgetApi } from './WidgetApi.js';
import { Widgets } from './Widgets.js';

const page = window as unknown as { squatch?: unknown; _squatch?: unknown };
const queue = page._squatch;
page.squatch = {
  init, ready, api, widgets, events, widget, autofill, pushCookie,
  Widgets, WidgetApi, EventsApi, Widget, PopupWidget, EmbedWidget,
  // A page that builds a CTA itself: squatch.loadChunk('cta').then(({ CtaWidget }) => …).
  loadChunk,
  _core: core,
};
// As squatch-js does when it loads: a share link's `_saasquatch` parameter becomes the referral
// cookie, with no init(), on pages (landing pages) that load the script for nothing else.
if (!(window as AutoDropOptOut).SaaSquatchDoNotAutoDrop) void pushCookie();
if (isObject(queue) && Array.isArray(queue.ready)) {
  // Consumed once, as squatch-js does, so a second copy of the script cannot rerun them.
  delete page._squatch;
  for (const fn of queue.ready) if (typeof fn === 'function') setTimeout(fn);
}
// A page with a popup trigger gets a popup frame ready (warmPopup): now if the trigger is
// there already, else once the page is parsed.
warmPopup() || addEventListener('DOMContentLoaded', warmPopup);
