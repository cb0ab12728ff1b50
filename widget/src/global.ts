// The classic-script entry: defines window.squatch, then runs what the loader snippet queued.
import {
  CtaWidget, EmbedWidget, EventsApi, FRAME_BRIDGE, PopupWidget, Widget, WidgetApi, Widgets,
  api, autofill, events, init, pushCookie, ready, widget, widgets,
} from './index.js';
import { isObject } from './validate.js';

const page = window as unknown as { squatch?: unknown; _squatch?: unknown };
const queue = page._squatch;
page.squatch = {
  init, ready, api, widgets, events, widget, autofill, pushCookie,
  Widgets, WidgetApi, EventsApi, Widget, PopupWidget, EmbedWidget, CtaWidget, FRAME_BRIDGE,
};
if (isObject(queue) && Array.isArray(queue.ready)) {
  // Consumed once, as squatch-js does, so a second copy of the script cannot rerun them.
  delete page._squatch;
  for (const fn of queue.ready) if (typeof fn === 'function') setTimeout(fn, 0);
}
