import { describe, expect, it } from 'vitest';
import { identityReducer, initialIdentityState, type IdentityAction, type IdentityState } from './identityReducer';

const loggedIn: IdentityState = { mobileApp: true, sessionId: 's-1', trackingId: 't-1' };

describe('identityReducer', () => {
  it('starts outside the app, with no session or tracking id', () => {
    expect(initialIdentityState).toEqual({ mobileApp: false, sessionId: null, trackingId: null });
  });

  it('holds client state only: what the server knows is read from queries', () => {
    expect(Object.keys(initialIdentityState).sort()).toEqual(['mobileApp', 'sessionId', 'trackingId']);
  });

  it('LOG_OUT resets to defaults, keeping mobile-app mode', () => {
    const next = identityReducer(loggedIn, { type: 'LOG_OUT' });
    expect(next).toEqual({ ...initialIdentityState, mobileApp: true });
  });

  it('SET_SESSION_ID and SET_TRACKING_ID', () => {
    const withSession = identityReducer(initialIdentityState, { type: 'SET_SESSION_ID', sessionId: 'abc' });
    expect(withSession.sessionId).toBe('abc');
    const withTracking = identityReducer(withSession, { type: 'SET_TRACKING_ID', trackingId: 'xyz' });
    expect(withTracking).toMatchObject({ sessionId: 'abc', trackingId: 'xyz' });
  });

  it('SET_MOBILE_APP', () => {
    expect(identityReducer(initialIdentityState, { type: 'SET_MOBILE_APP', mobileApp: true }).mobileApp).toBe(true);
  });

  it('never mutates the state it is given', () => {
    const frozen = structuredClone(loggedIn);
    identityReducer(loggedIn, { type: 'SET_SESSION_ID', sessionId: 'x' });
    identityReducer(loggedIn, { type: 'LOG_OUT' });
    expect(loggedIn).toEqual(frozen);
  });

  it('throws on an unknown action', () => {
    const unknown = { type: 'NOT_AN_ACTION' } as unknown as IdentityAction;
    expect(() => identityReducer(initialIdentityState, unknown)).toThrow(Error);
    expect(() => identityReducer(initialIdentityState, unknown)).toThrow('Unhandled action type: NOT_AN_ACTION');
  });
});
