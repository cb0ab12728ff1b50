import { describe, expect, it } from 'vitest';
import { initialReferralState, referralReducer, type ReferralAction } from './referralReducer';

describe('referralReducer', () => {
  it('starts without a JWT, not fetched', () => {
    expect(initialReferralState).toEqual({ jwt: null, jwtFetched: false });
  });

  it('UPDATE_REFERRAL_DATA merges the given fields', () => {
    const fetched = referralReducer(initialReferralState, {
      type: 'UPDATE_REFERRAL_DATA',
      referral: { jwt: 'a.b.c', jwtFetched: true },
    });
    expect(fetched).toEqual({ jwt: 'a.b.c', jwtFetched: true });
    const renewed = referralReducer(fetched, { type: 'UPDATE_REFERRAL_DATA', referral: { jwt: 'd.e.f' } });
    expect(renewed).toEqual({ jwt: 'd.e.f', jwtFetched: true });
  });

  it('UPDATE_REFERRAL_DATA with nothing new keeps the same state object', () => {
    const state = { jwt: 'a.b.c', jwtFetched: true };
    expect(referralReducer(state, { type: 'UPDATE_REFERRAL_DATA', referral: { jwt: 'a.b.c' } })).toBe(state);
    expect(referralReducer(initialReferralState, { type: 'UPDATE_REFERRAL_DATA', referral: { jwt: null, jwtFetched: false } })).toBe(
      initialReferralState,
    );
  });

  it('RESET_REFERRAL forgets the JWT', () => {
    expect(referralReducer({ jwt: 'a.b.c', jwtFetched: true }, { type: 'RESET_REFERRAL' })).toEqual(initialReferralState);
  });

  it('never mutates the state it is given', () => {
    const state = { jwt: 'a.b.c', jwtFetched: true };
    const copy = structuredClone(state);
    referralReducer(state, { type: 'UPDATE_REFERRAL_DATA', referral: { jwt: null } });
    referralReducer(state, { type: 'RESET_REFERRAL' });
    expect(state).toEqual(copy);
  });

  it('throws on an unknown action', () => {
    const unknown = { type: 'NOT_AN_ACTION' } as unknown as ReferralAction;
    expect(() => referralReducer(initialReferralState, unknown)).toThrow('Unhandled action type: NOT_AN_ACTION');
  });
});
