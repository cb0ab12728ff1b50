/** Client-side identity state (spec sections 3 and 4) and the actions that change it. */
import type { Account, DataLayer, Profile } from '../../api/types';

export interface UserState {
  account: Account | null;
  profile: Profile | null;
  sessionId: string | null;
  trackingId: string | null;
}

export interface IdentityState {
  loading: boolean;
  dataLayer: DataLayer;
  dataLayerLoaded: boolean;
  mobileApp: boolean;
  userDataLoaded: boolean;
  user: UserState;
}

export const initialIdentityState: IdentityState = {
  loading: true,
  dataLayer: { loggedIn: false, hadTrial: false },
  dataLayerLoaded: false,
  mobileApp: false,
  userDataLoaded: false,
  user: { account: null, profile: null, sessionId: null, trackingId: null },
};

export type IdentityAction =
  | { type: 'DATA_LAYER_LOADED'; dataLayer: DataLayer }
  | { type: 'SET_DATA_LAYER'; dataLayer: DataLayer }
  | { type: 'UPDATE_DATA_LAYER'; dataLayer: Partial<DataLayer> }
  | { type: 'LOG_OUT' }
  | { type: 'SET_ACCOUNT'; account: Account | null }
  | { type: 'SET_PROFILE'; profile: Profile | null }
  | { type: 'MERGE_PROFILE_UPDATE'; profile: Partial<Profile> }
  | { type: 'SET_ACCOUNT_AND_PROFILE'; account: Account | null; profile: Profile | null }
  | { type: 'SET_SESSION_ID'; sessionId: string | null }
  | { type: 'SET_TRACKING_ID'; trackingId: string | null }
  | { type: 'SET_HAD_TRIAL'; hadTrial: boolean }
  | { type: 'SET_MOBILE_APP'; mobileApp: boolean }
  | { type: 'USER_DATA_LOADED' };

export function identityReducer(state: IdentityState, action: IdentityAction): IdentityState {
  switch (action.type) {
    case 'DATA_LAYER_LOADED':
      return { ...state, dataLayer: action.dataLayer, dataLayerLoaded: true, loading: false };
    case 'SET_DATA_LAYER':
      return { ...state, dataLayer: action.dataLayer };
    case 'UPDATE_DATA_LAYER':
      return { ...state, dataLayer: { ...state.dataLayer, ...action.dataLayer } };
    case 'LOG_OUT':
      // Back to defaults, but the data layer is known (logged out), and mobile-app mode
      // belongs to the page the reader is in, not to the reader, so it survives.
      return {
        ...initialIdentityState,
        loading: false,
        dataLayerLoaded: true,
        mobileApp: state.mobileApp,
      };
    case 'SET_ACCOUNT':
      return { ...state, user: { ...state.user, account: action.account } };
    case 'SET_PROFILE':
      return { ...state, user: { ...state.user, profile: action.profile } };
    case 'MERGE_PROFILE_UPDATE':
      return {
        ...state,
        user: { ...state.user, profile: { ...(state.user.profile ?? {}), ...action.profile } },
      };
    case 'SET_ACCOUNT_AND_PROFILE':
      return { ...state, user: { ...state.user, account: action.account, profile: action.profile } };
    case 'SET_SESSION_ID':
      return { ...state, user: { ...state.user, sessionId: action.sessionId } };
    case 'SET_TRACKING_ID':
      return { ...state, user: { ...state.user, trackingId: action.trackingId } };
    case 'SET_HAD_TRIAL':
      return { ...state, dataLayer: { ...state.dataLayer, hadTrial: action.hadTrial } };
    case 'SET_MOBILE_APP':
      return { ...state, mobileApp: action.mobileApp };
    case 'USER_DATA_LOADED':
      return { ...state, userDataLoaded: true };
    default:
      throw new Error(`Unhandled action type: ${(action as { type?: unknown }).type}`);
  }
}
