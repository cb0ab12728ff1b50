import { EventsApi } from './EventsApi.js';
import { setDebug } from './log.js';
import { pushCookie as writeReferralCookie } from './referralCookie.js';
import type { ConfigOptions, ReferralCookie, WidgetConfig, WidgetResult } from './types.js';
import { validateConfig } from './validate.js';
import { Widgets } from './Widgets.js';
import { WidgetApi } from './WidgetApi.js';

// The squatch-js 2.x module API. Nothing here touches the page until a function is called.
let state: { api: WidgetApi; widgets: Widgets; events: EventsApi } | null = null;

function current(): NonNullable<typeof state> {
  // Like squatch-js: using the library before init() fails with init's own message.
  if (!state) init({} as ConfigOptions);
  return state as NonNullable<typeof state>;
}

/** Sets up api(), widgets() and events(), and stores the referral cookie from the URL. */
export function init(config: ConfigOptions): void {
  const clean = validateConfig(config);
  setDebug(clean.debug || clean.tenantAlias.startsWith('test'));
  state = { api: new WidgetApi(clean), widgets: new Widgets(clean), events: new EventsApi(clean) };
  if (!(window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop) writeReferralCookie();
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

export const autofill = (selector: string | ((reply: ReferralCookie) => void)): Promise<void> =>
  widgets().autofill(selector);

/** Stores the `_saasquatch` URL parameter as a first-party cookie (safe to call repeatedly). */
export function pushCookie(): void {
  writeReferralCookie();
}
