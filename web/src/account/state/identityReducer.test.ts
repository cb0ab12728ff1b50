import { describe, expect, it } from 'vitest';
import type { Account, Profile } from '../../api/types';
import { identityReducer, initialIdentityState, type IdentityAction, type IdentityState } from './identityReducer';

const account: Account = { identifiers: { email_address: 'reader@example.com' }, tracking_id: 't-1' };
const profile: Profile = { 'full-name': 'Ada Lovelace', 'first-name': 'Ada', 'avatar-color': '#000000' };

const loggedIn: IdentityState = {
  loading: false,
  dataLayer: { loggedIn: true, hadTrial: false, fullName: 'Ada Lovelace' },
  dataLayerLoaded: true,
  mobileApp: true,
  userDataLoaded: true,
  user: { account, profile, sessionId: 's-1', trackingId: 't-1' },
};

describe('identityReducer', () => {
  it('starts loading, logged out, with nothing loaded', () => {
    expect(initialIdentityState).toEqual({
      loading: true,
      dataLayer: { loggedIn: false, hadTrial: false },
      dataLayerLoaded: false,
      mobileApp: false,
      userDataLoaded: false,
      user: { account: null, profile: null, sessionId: null, trackingId: null },
    });
  });

  it('DATA_LAYER_LOADED stores the data layer and marks it loaded', () => {
    const dataLayer = { loggedIn: true, trackingId: 't', hadTrial: true };
    const next = identityReducer(initialIdentityState, { type: 'DATA_LAYER_LOADED', dataLayer });
    expect(next.dataLayer).toEqual(dataLayer);
    expect(next.dataLayerLoaded).toBe(true);
    expect(next.loading).toBe(false);
  });

  it('SET_DATA_LAYER replaces the data layer', () => {
    const next = identityReducer(loggedIn, { type: 'SET_DATA_LAYER', dataLayer: { loggedIn: false } });
    expect(next.dataLayer).toEqual({ loggedIn: false });
    expect(next.dataLayerLoaded).toBe(true);
  });

  it('UPDATE_DATA_LAYER merges into the data layer', () => {
    const next = identityReducer(loggedIn, { type: 'UPDATE_DATA_LAYER', dataLayer: { paused: true } });
    expect(next.dataLayer).toEqual({ ...loggedIn.dataLayer, paused: true });
  });

  it('LOG_OUT resets to defaults with the data layer loaded, keeping mobile-app mode', () => {
    const next = identityReducer(loggedIn, { type: 'LOG_OUT' });
    expect(next).toEqual({ ...initialIdentityState, loading: false, dataLayerLoaded: true, mobileApp: true });
  });

  it('SET_ACCOUNT, SET_PROFILE and SET_ACCOUNT_AND_PROFILE set the user data', () => {
    const withAccount = identityReducer(initialIdentityState, { type: 'SET_ACCOUNT', account });
    expect(withAccount.user.account).toBe(account);
    const withProfile = identityReducer(withAccount, { type: 'SET_PROFILE', profile });
    expect(withProfile.user).toMatchObject({ account, profile });
    const both = identityReducer(initialIdentityState, { type: 'SET_ACCOUNT_AND_PROFILE', account, profile });
    expect(both.user).toEqual({ account, profile, sessionId: null, trackingId: null });
  });

  it('MERGE_PROFILE_UPDATE merges changed keys into the profile', () => {
    const next = identityReducer(loggedIn, { type: 'MERGE_PROFILE_UPDATE', profile: { bio: 'Hi', 'avatar-color': '#ff0000' } });
    expect(next.user.profile).toEqual({ ...profile, bio: 'Hi', 'avatar-color': '#ff0000' });
    const fromNothing = identityReducer(initialIdentityState, { type: 'MERGE_PROFILE_UPDATE', profile: { bio: 'Hi' } });
    expect(fromNothing.user.profile).toEqual({ bio: 'Hi' });
  });

  it('SET_SESSION_ID and SET_TRACKING_ID', () => {
    const withSession = identityReducer(initialIdentityState, { type: 'SET_SESSION_ID', sessionId: 'abc' });
    expect(withSession.user.sessionId).toBe('abc');
    const withTracking = identityReducer(withSession, { type: 'SET_TRACKING_ID', trackingId: 'xyz' });
    expect(withTracking.user).toMatchObject({ sessionId: 'abc', trackingId: 'xyz' });
  });

  it('SET_HAD_TRIAL sets the data layer flag', () => {
    expect(identityReducer(loggedIn, { type: 'SET_HAD_TRIAL', hadTrial: true }).dataLayer.hadTrial).toBe(true);
  });

  it('SET_MOBILE_APP and USER_DATA_LOADED', () => {
    expect(identityReducer(initialIdentityState, { type: 'SET_MOBILE_APP', mobileApp: true }).mobileApp).toBe(true);
    expect(identityReducer(initialIdentityState, { type: 'USER_DATA_LOADED' }).userDataLoaded).toBe(true);
  });

  it('never mutates the state it is given', () => {
    const frozen = structuredClone(loggedIn);
    identityReducer(loggedIn, { type: 'MERGE_PROFILE_UPDATE', profile: { bio: 'x' } });
    identityReducer(loggedIn, { type: 'LOG_OUT' });
    expect(loggedIn).toEqual(frozen);
  });

  it('throws on an unknown action', () => {
    const unknown = { type: 'NOT_AN_ACTION' } as unknown as IdentityAction;
    expect(() => identityReducer(initialIdentityState, unknown)).toThrow(Error);
    expect(() => identityReducer(initialIdentityState, unknown)).toThrow('Unhandled action type: NOT_AN_ACTION');
  });
});
