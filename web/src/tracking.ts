/**
 * The tracking events of spec section 9. Both the account area and the article pages push
 * them to the page's `dataLayer`, where the publisher's tag manager picks them up.
 */

export type TrackingEvent =
  | 'freeTrialStarted'
  | 'articleview'
  | 'articlecomment'
  | 'newsletterSubscribed'
  | 'profileCustomized';

export function pushTrackingEvent(
  event: TrackingEvent,
  details: Record<string, unknown> = {},
  target: Window = window,
): void {
  const host = target as Window & { dataLayer?: unknown[] };
  if (!Array.isArray(host.dataLayer)) host.dataLayer = [];
  host.dataLayer.push({ event, ...details });
}
