import type { Account, Profile } from '../../api/types';

export const IDENTITY_STORAGE_KEY = 'masthead:identity';

/**
 * What is written to local storage: the reader's last known account and profile (shown as a
 * placeholder while the server is asked again) and tracking id. The session id is left out on
 * purpose: the session cookie is HttpOnly so that page scripts cannot read it, and a copy in
 * local storage would undo that.
 */
export interface PersistedIdentity {
  account: Account | null;
  profile: Profile | null;
  trackingId: string | null;
}

export const EMPTY_IDENTITY: PersistedIdentity = { account: null, profile: null, trackingId: null };

export function saveIdentityState(identity: PersistedIdentity, storage: Storage = window.localStorage): void {
  const { account, profile, trackingId } = identity;
  try {
    storage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ user: { account, profile, trackingId } }));
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
 * The reader's last known user data. Never counted as loaded: the data layer, account and
 * profile are always fetched again before a screen relies on them.
 */
export function loadIdentityState(storage: Storage = window.localStorage): PersistedIdentity {
  try {
    const raw = storage.getItem(IDENTITY_STORAGE_KEY);
    if (!raw) return EMPTY_IDENTITY;
    const saved = JSON.parse(raw) as { user?: Partial<PersistedIdentity> } | null;
    const user = saved?.user;
    if (!user || typeof user !== 'object') return EMPTY_IDENTITY;
    return {
      account: user.account ?? null,
      profile: user.profile ?? null,
      trackingId: typeof user.trackingId === 'string' ? user.trackingId : null,
    };
  } catch {
    return EMPTY_IDENTITY;
  }
}
