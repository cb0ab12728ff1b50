/** Client-side referral state (spec section 3: referral {jwt, jwtFetched}) and its actions. */

export interface ReferralState {
  /** The reader's referral JWT; kept in memory only, never persisted (it is a bearer token). */
  jwt: string | null;
  jwtFetched: boolean;
}

export const initialReferralState: ReferralState = { jwt: null, jwtFetched: false };

export type ReferralAction =
  /** Spec section 4, "update referral data": merges the given fields. */
  | { type: 'UPDATE_REFERRAL_DATA'; referral: Partial<ReferralState> }
  | { type: 'RESET_REFERRAL' };

export function referralReducer(state: ReferralState, action: ReferralAction): ReferralState {
  switch (action.type) {
    case 'UPDATE_REFERRAL_DATA': {
      const next = { ...state, ...action.referral };
      // Unchanged data keeps the same object, so nothing re-renders for it.
      return next.jwt === state.jwt && next.jwtFetched === state.jwtFetched ? state : next;
    }
    case 'RESET_REFERRAL':
      return initialReferralState;
    default:
      throw new Error(`Unhandled action type: ${(action as { type?: unknown }).type}`);
  }
}
