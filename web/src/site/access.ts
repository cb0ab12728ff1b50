/**
 * What the server says about this session: signed in or not, entitled or not, and for a
 * members-only story its body. One state for every island, changed only by a reducer
 * whose unknown actions throw.
 *
 * The order is the spec's: the entitlement check first (the decision engine's
 * membership-entitlement-check), then, for an entitled reader of a members-only story, the
 * content call, which checks again on the server. Readers who are not entitled never ask.
 */
import { askDecision, ENTITLEMENT_FEATURE, type Fetch } from './decisions';
import { createStore } from './store';

export type Access =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'reader' }
  | { status: 'member'; release: 'none' | 'loading' | 'failed' }
  | { status: 'open'; body: string }
  | { status: 'failed' };

export type AccessAction =
  | { type: 'resolved'; loggedIn: boolean; entitled: boolean; releasing: boolean }
  | { type: 'released'; body: string }
  | { type: 'release-failed' }
  | { type: 'failed' };

export const CHECKING: Access = { status: 'checking' };

export function accessReducer(state: Access, action: AccessAction): Access {
  switch (action.type) {
    case 'resolved':
      if (action.entitled) return { status: 'member', release: action.releasing ? 'loading' : 'none' };
      return { status: action.loggedIn ? 'reader' : 'anonymous' };
    case 'released':
      return { status: 'open', body: action.body };
    case 'release-failed':
      return state.status === 'member' ? { status: 'member', release: 'failed' } : state;
    case 'failed':
      return { status: 'failed' };
    default: {
      const unknown: never = action;
      throw new Error(`Unknown access action: ${JSON.stringify(unknown)}`);
    }
  }
}

/** Entitled readers: members, whether or not a body is on its way. */
export function isEntitled(access: Access): boolean {
  return access.status === 'member' || access.status === 'open';
}

export interface AccessRequest {
  restUrl: string;
  nonce: string;
  /** The page's path, which the engine's rules may choose by. */
  path: string;
  /** Set on a members-only story: an entitled reader then asks for its body. */
  contentId: string | null;
}

async function getJson(fetcher: Fetch, url: string, nonce: string): Promise<Record<string, unknown>> {
  const response = await fetcher(url, {
    credentials: 'same-origin',
    headers: { 'X-WP-Nonce': nonce, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null) throw new Error('The response is not a valid JSON response.');
  return body as Record<string, unknown>;
}

/**
 * Asks the server, telling the store each answer as it comes. Failures are logged: a
 * failed check leaves the offer on the page, a failed content call the cover.
 */
export async function checkAccess(
  request: AccessRequest,
  dispatch: (action: AccessAction) => void,
  fetcher: Fetch = fetch,
): Promise<void> {
  const base = `${request.restUrl}nyp-membership/v1/`;
  let answer: { loggedIn: boolean; outputValue: unknown };
  try {
    answer = await askDecision(fetcher, request.restUrl, { sdkFeatureSlug: ENTITLEMENT_FEATURE, path: request.path, contentId: request.contentId });
  } catch (error) {
    console.error('The membership check failed.', error);
    dispatch({ type: 'failed' });
    return;
  }
  const entitled = answer.outputValue === true;
  const releasing = entitled && request.contentId !== null;
  dispatch({ type: 'resolved', loggedIn: answer.loggedIn, entitled, releasing });
  if (!releasing || request.contentId === null) return;
  try {
    const found = await getJson(fetcher, `${base}content/${encodeURIComponent(request.contentId)}`, request.nonce);
    if (typeof found.content !== 'string') throw new Error('The content response has no content.');
    dispatch({ type: 'released', body: found.content });
  } catch (error) {
    console.error('The full article could not be loaded.', error);
    dispatch({ type: 'release-failed' });
  }
}

export interface AccessStore {
  get: () => Access;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: AccessAction) => void;
}

export function createAccessStore(initial: Access = CHECKING): AccessStore {
  const { get, subscribe, set } = createStore(initial);
  return { get, subscribe, dispatch: (action) => set(accessReducer(get(), action)) };
}
