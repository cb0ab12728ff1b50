// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { initialIdentityState, type IdentityState } from './identityReducer';
import { IDENTITY_STORAGE_KEY, clearIdentityState, loadIdentityState, saveIdentityState } from './persistence';

const state: IdentityState = {
  loading: false,
  dataLayer: { loggedIn: true },
  dataLayerLoaded: true,
  mobileApp: false,
  userDataLoaded: true,
  user: {
    account: { identifiers: { email_address: 'a@b.co' }, tracking_id: 't-1' },
    profile: { 'full-name': 'A B' },
    sessionId: 'secret-session',
    trackingId: 't-1',
  },
};

describe('persistence', () => {
  beforeEach(() => window.localStorage.clear());

  it('saves the state without the session id', () => {
    saveIdentityState(state);
    const raw = window.localStorage.getItem(IDENTITY_STORAGE_KEY) ?? '';
    expect(raw).not.toContain('secret-session');
    expect(JSON.parse(raw).user.trackingId).toBe('t-1');
  });

  it('restores user data but never the loaded flags', () => {
    saveIdentityState(state);
    const restored = loadIdentityState();
    expect(restored.dataLayerLoaded).toBe(false);
    expect(restored.userDataLoaded).toBe(false);
    expect(restored.dataLayer.loggedIn).toBe(false);
    expect(restored.user.profile).toEqual({ 'full-name': 'A B' });
  });

  it('starts from defaults when nothing or garbage is stored, or after clearing', () => {
    expect(loadIdentityState()).toEqual(initialIdentityState);
    window.localStorage.setItem(IDENTITY_STORAGE_KEY, '{not json');
    expect(loadIdentityState()).toEqual(initialIdentityState);
    saveIdentityState(state);
    clearIdentityState();
    expect(loadIdentityState()).toEqual(initialIdentityState);
  });
});
