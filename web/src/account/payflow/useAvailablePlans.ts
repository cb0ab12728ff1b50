import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import type { RawPlan } from '../../api/billing';
import { availablePlansQuery } from '../../api/decisions';
import { useSubscription } from '../membership/SubscriptionProvider';
import { useIdentity } from '../state/IdentityProvider';
import { orderPlans } from '../state/subscriptionReducer';
import { applyAvailablePlans, parsePlanLines } from './availablePlans';

/**
 * The plans this reader is offered, in order, as the server's available-plans decision says,
 * kept in the client state's availablePlans. Null until the decision has arrived; when it
 * fails (or is not text) every plan is offered, in catalogue order, and the failure is logged.
 */
export function useAvailablePlans(): RawPlan[] | null {
  const { state: identity } = useIdentity();
  const { state, dispatch } = useSubscription();
  const { pathname } = useLocation();
  const reader = identity.dataLayer.trackingId ?? identity.user.trackingId ?? null;
  const decision = useQuery(availablePlansQuery(reader, pathname, identity.user.sessionId));

  const available = useMemo(() => {
    if (decision.isPending) return null;
    if (decision.error) console.error('The available-plans decision failed; showing every plan', decision.error);
    const lines = decision.error ? null : parsePlanLines(decision.data);
    return lines === null ? orderPlans(state.plans) : applyAvailablePlans(state.plans, lines);
  }, [decision.isPending, decision.error, decision.data, state.plans]);

  useEffect(() => {
    if (available) dispatch({ type: 'SET_AVAILABLE_PLANS', availablePlans: available });
  }, [available, dispatch]);

  return available;
}
