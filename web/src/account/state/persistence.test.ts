// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY, IDENTITY_STORAGE_KEY, clearIdentityState, loadIdentityState, saveIdentityState, type PersistedIdentity } from './persistence';

const identity: PersistedIdentity & { sessionId: string } = {
  account: { identifiers: { email_address: 'a@b.co' }, tracking_id: 't-1' },
  profile: { 'full-name': 'A B' },
  trackingId: 't-1',
  // A caller handing more than the persisted shape: the session id must still stay out.
  sessionId: 'secret-session',
};

describe('persistence', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves the user data without the session id', () => {
    saveIdentityState(identity);
    const raw = window.localStorage.getItem(IDENTITY_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('secret-session');
    expect(JSON.parse(raw).user.trackingId).toBe('t-1');
  });

  it('restores the user data, and nothing that says it was loaded', () => {
    saveIdentityState(identity);
    const restored = loadIdentityState();
    expect(Object.keys(restored).sort()).toEqual(['account', 'profile', 'trackingId']);
    expect(restored.profile).toEqual({ 'full-name': 'A B' });
    expect(restored.account).toEqual(identity.account);
  });

  it('starts from nothing when nothing or garbage is stored, or after clearing', () => {
    expect(loadIdentityState()).toEqual(EMPTY_IDENTITY);
    window.localStorage.setItem(IDENTITY_STORAGE_KEY, '{not json');
    expect(loadIdentityState()).toEqual(EMPTY_IDENTITY);
    saveIdentityState(identity);
    clearIdentityState();
    expect(loadIdentityState()).toEqual(EMPTY_IDENTITY);
  });
});
