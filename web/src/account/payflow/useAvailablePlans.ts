import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import type { RawPlan } from '../../api/billing';
import { availablePlansQuery } from '../../api/decisions';
import { usePlans } from '../membership/billingData';
import { useIdentity } from '../state/IdentityProvider';
import { useReader } from '../state/identityData';
import { orderPlans } from '../state/subscriptionReducer';
import { applyAvailablePlans, parsePlanLines } from './availablePlans';

/**
 * The plans this reader is offered, in order, as the server's available-plans decision says,
 * derived from the plans and decision queries on each render. Null until the decision has arrived; when it
 * fails (or is not text) every plan is offered, in catalogue order, and the failure is logged.
 */
export function useAvailablePlans(): RawPlan[] | null {
  const { state: identity } = useIdentity();
  const { plans } = usePlans();
  const { pathname } = useLocation();
  const { reader } = useReader();
  const decision = useQuery(availablePlansQuery(reader, pathname, identity.sessionId));

  const available = useMemo(() => {
    if (decision.isPending) return null;
    if (decision.error) console.error('The available-plans decision failed; showing every plan', decision.error);
    const lines = decision.error ? null : parsePlanLines(decision.data);
    return lines === null ? orderPlans(plans) : applyAvailablePlans(plans, lines);
  }, [decision.isPending, decision.error, decision.data, plans]);
  return available;
}
