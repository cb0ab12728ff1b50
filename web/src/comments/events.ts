/**
 * The comments client's events, forwarded to the site API's webhook (spec section 7): the
 * widget events for signed-in readers, reactions-voted for every reader. An event goes only
 * with a client id (local storage nyp_ga_client_id) and a tracking id, and only when it
 * differs from the last one sent (local storage openweb-last-event). The rule is pure
 * (eventToForward); createForwarder wires it to the storage and the webhook.
 */
import type { WebhookSite } from './webhook';

/** The widget events, by the names the webhook carries (OpenWeb's, which the spec keeps). */
export const WIDGET_EVENTS = {
  sentMessage: 'spot-im-current-user-sent-message',
  typingStart: 'spot-im-current-user-typing-start',
  typingEnd: 'spot-im-current-user-typing-end',
  likeHoverDetails: 'spot-im-like-hover-details',
  showMoreComments: 'spot-im-show-more-comments-clicked',
  showMoreReplies: 'spot-im-show-more-replies-clicked',
  upVote: 'spot-im-user-up-vote-click',
  downVote: 'spot-im-user-down-vote-click',
  loginStart: 'spot-im-login-start',
  postLogin: 'spot-im-post-login',
  conversationViewed: 'spot-im-conversation-viewed',
  notificationDropdownLink: 'spot-im-notification-dropdown-link',
  notificationClick: 'spot-im-notification-click',
  openProfile: 'spot-im-open-user-profile',
  reactionsVoted: 'spot-im-reactions-voted',
} as const;

export type WidgetEvent = keyof typeof WIDGET_EVENTS;

/** Forwarded for every reader, signed in or not; the others for signed-in readers only. */
const FOR_EVERYONE: ReadonlySet<WidgetEvent> = new Set(['reactionsVoted']);

export const LAST_EVENT_KEY = 'openweb-last-event';
export const CLIENT_ID_KEY = 'nyp_ga_client_id';

export interface ForwardContext {
  signedIn: boolean;
  clientId: string;
  trackingId: string;
}

export interface Forwarded {
  type: string;
  details: string;
  /** What openweb-last-event keeps: the next identical event is not sent. */
  fingerprint: string;
}

/** The webhook's fields for an event, or null when the rule says not to send it. */
export function eventToForward(
  event: WidgetEvent,
  detail: Record<string, unknown>,
  context: ForwardContext,
  lastSent: string | null,
): Forwarded | null {
  if (!context.signedIn && !FOR_EVERYONE.has(event)) return null;
  if (!context.clientId || !context.trackingId) return null;
  const type = WIDGET_EVENTS[event];
  const details = JSON.stringify({ ...detail, clientId: context.clientId, trackingId: context.trackingId });
  const fingerprint = JSON.stringify([type, details]);
  return fingerprint === lastSent ? null : { type, details, fingerprint };
}

/** The words of a message that start with # (the sent-message event's tags). */
export function messageTags(body: string): string[] {
  return [...new Set(Array.from(body.matchAll(/(?:^|\s)#([\p{L}\p{N}_]+)/gu), (match) => match[1]!.toLowerCase()))];
}

function stored(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null; // storage refused (privacy settings): as if empty
  }
}

export interface ForwarderOptions {
  site: WebhookSite | null;
  /** The reader's state now: signed in, and their tracking id ('' when unknown). */
  reader: () => { signedIn: boolean; trackingId: string };
  post: (site: WebhookSite, type: string, details: string) => Promise<unknown>;
  storage?: Storage | null;
}

export type Forward = (event: WidgetEvent, detail?: Record<string, unknown>) => void;

export function createForwarder({ site, reader, post, storage = localStorage }: ForwarderOptions): Forward {
  let warned = false;
  return (event, detail = {}) => {
    if (!site) return; // no webhook target on this site: nothing to forward to
    const clientId = stored(storage, CLIENT_ID_KEY) ?? '';
    if (!clientId && !warned) {
      warned = true;
      console.error('The analytics client id is unavailable.'); // section 8: then treated as ''
    }
    const forwarded = eventToForward(event, detail, { ...reader(), clientId }, stored(storage, LAST_EVENT_KEY));
    if (!forwarded) return;
    try {
      storage?.setItem(LAST_EVENT_KEY, forwarded.fingerprint);
    } catch {
      // storage refused: the event still goes
    }
    void post(site, forwarded.type, forwarded.details);
  };
}
