/**
 * Client-side identity state and the actions that change it. What the server knows about the
 * reader (data layer, account, profile) lives in TanStack Query and is read through the hooks
 * of identityData.ts; this holds only what the page itself learnt: the session and tracking
 * ids from the login answer, and whether the page runs inside the publisher's app.
 */

export interface IdentityState {
  mobileApp: boolean;
  /** From the login answer's cookie; never persisted (the cookie is HttpOnly on purpose). */
  sessionId: string | null;
  /** From the login answer, until the data layer says whose page this is. */
  trackingId: string | null;
}

export const initialIdentityState: IdentityState = {
  mobileApp: false,
  sessionId: null,
  trackingId: null,
};

export type IdentityAction =
  | { type: 'LOG_OUT' }
  | { type: 'SET_SESSION_ID'; sessionId: string | null }
  | { type: 'SET_TRACKING_ID'; trackingId: string | null }
  | { type: 'SET_MOBILE_APP'; mobileApp: boolean };

export function identityReducer(state: IdentityState, action: IdentityAction): IdentityState {
  switch (action.type) {
    case 'LOG_OUT':
      // Back to defaults, but mobile-app mode belongs to the page the reader is in, not to
      // the reader, so it survives.
      return { ...initialIdentityState, mobileApp: state.mobileApp };
    case 'SET_SESSION_ID':
      return { ...state, sessionId: action.sessionId };
    case 'SET_TRACKING_ID':
      return { ...state, trackingId: action.trackingId };
    case 'SET_MOBILE_APP':
      return { ...state, mobileApp: action.mobileApp };
    default:
      throw new Error(`Unhandled action type: ${(action as { type?: unknown }).type}`);
  }
}
