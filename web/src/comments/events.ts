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
/** How long the first event waits for the analytics script to store its client id (spec section 9). */
export const CLIENT_ID_WAIT_MS = 5000;
const CLIENT_ID_POLL_MS = 100;

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

/**
 * Resolves once the analytics client id is in storage, or after `waitMs` without it: the
 * analytics script may store it after the comments load. Unavailable, it logs the console
 * error of spec section 8 once and the events go on with '' (which eventToForward drops).
 */
export function waitForClientId(storage: Storage | null, waitMs = CLIENT_ID_WAIT_MS): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (stored(storage, CLIENT_ID_KEY)) return resolve();
      if (Date.now() - started >= waitMs) {
        console.error('The analytics client id is unavailable.');
        return resolve();
      }
      setTimeout(check, CLIENT_ID_POLL_MS);
    };
    check();
  });
}

export interface ForwarderOptions {
  site: WebhookSite | null;
  /** The reader's state now: signed in, and their tracking id ('' when unknown). */
  reader: () => { signedIn: boolean; trackingId: string };
  post: (site: WebhookSite, type: string, details: string) => Promise<unknown>;
  storage?: Storage | null;
  /** How long the first event waits for the client id (tests shorten it). */
  clientIdWaitMs?: number;
}

export type Forward = (event: WidgetEvent, detail?: Record<string, unknown>) => void;

export function createForwarder({ site, reader, post, storage = localStorage, clientIdWaitMs }: ForwarderOptions): Forward {
  let clientIdReady: Promise<void> | null = null;
  const send = (event: WidgetEvent, detail: Record<string, unknown>) => {
    // Read again at each event: an id stored after the wait still counts from then on.
    const clientId = stored(storage, CLIENT_ID_KEY) ?? '';
    const forwarded = eventToForward(event, detail, { ...reader(), clientId }, stored(storage, LAST_EVENT_KEY));
    if (!forwarded || !site) return;
    try {
      storage?.setItem(LAST_EVENT_KEY, forwarded.fingerprint);
    } catch {
      // storage refused: the event still goes
    }
    void post(site, forwarded.type, forwarded.details);
  };
  return (event, detail = {}) => {
    if (!site) return; // no webhook target on this site: nothing to forward to
    // Waited for once; the events after the first queue behind it, in order.
    clientIdReady ??= waitForClientId(storage, clientIdWaitMs);
    void clientIdReady.then(() => send(event, detail));
  };
}
