import { initialIdentityState, type IdentityState } from './identityReducer';

export const IDENTITY_STORAGE_KEY = 'masthead:identity';

/**
 * What is written to local storage. The session id is left out on purpose: the session
 * cookie is HttpOnly so that page scripts cannot read it, and a copy in local storage
 * would undo that.
 */
export function persistableState(state: IdentityState): IdentityState {
  return { ...state, user: { ...state.user, sessionId: null } };
}

export function saveIdentityState(state: IdentityState, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify(persistableState(state)));
  } catch {
    // Storage full or disabled (private mode): the app works without it.
  }
}

export function clearIdentityState(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(IDENTITY_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/**
 * The state to start from: the reader's last known user data, never the loaded flags,
 * so that the data layer is always fetched again before the router renders.
 */
export function loadIdentityState(storage: Storage = window.localStorage): IdentityState {
  try {
    const raw = storage.getItem(IDENTITY_STORAGE_KEY);
    if (!raw) return initialIdentityState;
    const saved = JSON.parse(raw) as Partial<IdentityState> | null;
    const user = saved?.user;
    if (!user || typeof user !== 'object') return initialIdentityState;
    return {
      ...initialIdentityState,
      user: {
        account: user.account ?? null,
        profile: user.profile ?? null,
        sessionId: null,
        trackingId: typeof user.trackingId === 'string' ? user.trackingId : null,
      },
    };
  } catch {
    return initialIdentityState;
  }
}
