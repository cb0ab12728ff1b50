/**
 * The subscription slice of client state (the payflow's selection, the membership pages'
 * banners) for the payflow and membership pages, and the one way to fetch the reader's
 * billing data again after a change. The data itself is read through billingData.ts.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { billingKeys, type MembershipResponse } from '../../api/billing';
import { useReader } from '../state/identityData';
import {
  initialSubscriptionState,
  subscriptionReducer,
  type SubscriptionAction,
  type SubscriptionState,
} from '../state/subscriptionReducer';
import { usePlans } from './billingData';

interface SubscriptionContextValue {
  state: SubscriptionState;
  dispatch: Dispatch<SubscriptionAction>;
  /**
   * Fetches the membership and payment methods again (after a change);
   * resolves with the fresh membership, for texts that must agree with the page.
   */
  refreshBilling: () => Promise<MembershipResponse | undefined>;
}

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { loggedIn, reader } = useReader();
  const [state, dispatch] = useReducer(subscriptionReducer, initialSubscriptionState);
  const { error: plansError } = usePlans();

  // Another reader (or none): nothing of the previous one's choices or messages stays.
  useEffect(() => {
    dispatch({ type: 'RESET_SUBSCRIPTION' });
  }, [reader, loggedIn]);

  useEffect(() => {
    // Spec: a plan load failure yields an empty plan list and is logged.
    if (plansError) console.error('Plans could not be loaded', plansError);
  }, [plansError]);

  const refreshBilling = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.membership(reader) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(reader) }),
    ]);
    return queryClient.getQueryData<MembershipResponse>(billingKeys.membership(reader));
  }, [queryClient, reader]);

  const value = useMemo<SubscriptionContextValue>(() => ({ state, dispatch, refreshBilling }), [state, refreshBilling]);

  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

/** A layout route around the payflow and membership pages. */
export function SubscriptionLayout() {
  return (
    <SubscriptionProvider>
      <Outlet />
    </SubscriptionProvider>
  );
}

export function useSubscription(): SubscriptionContextValue {
  const value = useContext(SubscriptionContext);
  if (!value) throw new Error('useSubscription must be used inside SubscriptionProvider');
  return value;
}
