/**
 * The subscription slice of client state (spec section 3) for the payflow and membership
 * pages. TanStack Query fetches and caches the plans, the reader's membership, subscriptions
 * and payment methods; the results are mirrored into the reducer, which screens read.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type Dispatch, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import {
  billingKeys,
  membershipQuery,
  paymentMethodsQuery,
  plansQuery,
  subscriptionsQuery,
  type MembershipResponse,
} from '../../api/billing';
import { useIdentity } from '../state/IdentityProvider';
import {
  initialSubscriptionState,
  subscriptionReducer,
  type SubscriptionAction,
  type SubscriptionState,
} from '../state/subscriptionReducer';

interface SubscriptionContextValue {
  state: SubscriptionState;
  dispatch: Dispatch<SubscriptionAction>;
  plansStatus: 'pending' | 'error' | 'success';
  retryPlans: () => void;
  /** The membership summary; undefined until it has arrived. */
  membership: MembershipResponse | undefined;
  membershipError: Error | null;
  retryMembership: () => void;
  /**
   * Fetches the membership, subscriptions and payment methods again (after a change);
   * resolves with the fresh membership, for texts that must agree with the page.
   */
  refreshBilling: () => Promise<MembershipResponse | undefined>;
}

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { state: identity } = useIdentity();
  const [state, dispatch] = useReducer(subscriptionReducer, initialSubscriptionState);
  const loggedIn = identity.dataLayer.loggedIn;
  const reader = identity.dataLayer.trackingId ?? identity.user.trackingId ?? null;

  const plans = useQuery(plansQuery);
  const membership = useQuery({ ...membershipQuery(reader), enabled: loggedIn });
  const subscriptions = useQuery({ ...subscriptionsQuery(reader), enabled: loggedIn });
  const paymentMethods = useQuery({ ...paymentMethodsQuery(reader), enabled: loggedIn });

  // Another reader (or none): nothing of the previous one stays in the state. Runs before the
  // effects below, which depend on the reader too and so fill the state in again.
  useEffect(() => {
    dispatch({ type: 'RESET_SUBSCRIPTION' });
  }, [reader, loggedIn]);

  useEffect(() => {
    if (plans.data) {
      // Which of them a reader is offered is the payflow's available-plans decision.
      dispatch({ type: 'SET_PLANS', plans: plans.data });
    } else if (plans.error) {
      // Spec: a plan load failure yields an empty plan list and is logged.
      console.error('Plans could not be loaded', plans.error);
      dispatch({ type: 'SET_PLANS', plans: {} });
    }
  }, [plans.data, plans.error, reader, loggedIn]);

  useEffect(() => {
    if (!membership.data) return;
    dispatch({
      type: 'UPDATE_SUBSCRIPTIONS',
      data: { activeSubscription: membership.data.activeSubscription, subscriptionStatus: membership.data.status },
    });
  }, [membership.data, reader, loggedIn]);

  useEffect(() => {
    if (subscriptions.data) dispatch({ type: 'SET_SUBSCRIPTIONS', subscriptions: subscriptions.data });
  }, [subscriptions.data, reader, loggedIn]);

  useEffect(() => {
    if (paymentMethods.data) dispatch({ type: 'SET_PAYMENT_METHODS', paymentMethods: paymentMethods.data });
  }, [paymentMethods.data, reader, loggedIn]);

  const refreshBilling = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.membership(reader) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.subscriptions(reader) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethods(reader) }),
    ]);
    return queryClient.getQueryData<MembershipResponse>(billingKeys.membership(reader));
  }, [queryClient, reader]);

  const value = useMemo<SubscriptionContextValue>(
    () => ({
      state,
      dispatch,
      plansStatus: plans.status,
      retryPlans: () => void plans.refetch(),
      membership: loggedIn ? membership.data : undefined,
      membershipError: membership.data ? null : membership.error,
      retryMembership: () => void membership.refetch(),
      refreshBilling,
    }),
    [state, plans, membership, loggedIn, refreshBilling],
  );

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
