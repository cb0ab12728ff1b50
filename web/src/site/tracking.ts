/** Tracking events (spec section 9) go to the page's dataLayer, as the account area's do. */

export type TrackingEvent = 'articleview';

export function pushEvent(event: TrackingEvent, details: Record<string, unknown>, target: Window = window): void {
  const host = target as Window & { dataLayer?: unknown[] };
  host.dataLayer = Array.isArray(host.dataLayer) ? host.dataLayer : [];
  host.dataLayer.push({ event, ...details });
}
