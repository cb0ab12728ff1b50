import { EventsApi } from './EventsApi.js';
import { setDebug } from './log.js';
import { pushCookie } from './referralCookie.js';
import type { AutoDropOptOut, ConfigOptions, ReferralCookie, WidgetConfig, WidgetResult } from './types.js';
import type { WidgetApi } from './WidgetApi.js';
import { Widgets } from './Widgets.js';

export { pushCookie };

// The squatch-js 2.x module API. Nothing here touches the page until a function is called.
let state: { api: WidgetApi; widgets: Widgets; events: EventsApi } | undefined;

function current(): NonNullable<typeof state> {
  // Like squatch-js: using the library before init() fails with init's own message.
  if (!state) init({} as ConfigOptions);
  return state!;
}

/**
 * Sets up api(), widgets() and events(), and stores the referral cookie from the URL: the ES
 * module's only chance, as it does nothing when imported (the classic script stores it as it
 * loads, and again here, which changes nothing).
 */
export function init(config: ConfigOptions): void {
  const widgets = new Widgets(config);
  setDebug(widgets.debug || widgets.tenantAlias.startsWith('test'));
  state = { api: widgets.api, widgets, events: new EventsApi(widgets) };
  if (!(window as AutoDropOptOut).SaaSquatchDoNotAutoDrop) void pushCookie();
}

/** The library is ready once this script has run, so `fn` runs at once. */
export function ready(fn: () => unknown): void {
  fn();
}

export const api = (): WidgetApi => current().api;
export const widgets = (): Widgets => current().widgets;
export const events = (): EventsApi => current().events;

/** Renders a user's widget; how it shows follows the widget's jsOptions. */
export const widget = (config: WidgetConfig): Promise<WidgetResult> => widgets().render(config);

export const autofill = (selector: string | ((reply: ReferralCookie) => void)): Promise<void> => widgets().autofill(selector);
