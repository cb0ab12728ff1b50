/**
 * The referral slice of client state, for the referral pages (Refer a friend, My rewards).
 * It lives as long as the reader stays on those pages: leaving them, or logging out (which
 * leaves for the login page), drops the JWT from memory.
 */
import { createContext, useContext, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { initialReferralState, referralReducer, type ReferralAction, type ReferralState } from './referralReducer';

interface ReferralContextValue {
  state: ReferralState;
  dispatch: Dispatch<ReferralAction>;
}

const ReferralContext = createContext<ReferralContextValue | null>(null);

export function ReferralProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(referralReducer, initialReferralState);
  const value = useMemo(() => ({ state, dispatch }), [state]);
  return <ReferralContext.Provider value={value}>{children}</ReferralContext.Provider>;
}

/** A layout route around the referral pages. */
export function ReferralLayout() {
  return (
    <ReferralProvider>
      <Outlet />
    </ReferralProvider>
  );
}

export function useReferral(): ReferralContextValue {
  const value = useContext(ReferralContext);
  if (!value) throw new Error('useReferral must be used inside ReferralProvider');
  return value;
}
