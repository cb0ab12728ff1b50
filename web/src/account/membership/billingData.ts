/**
 * The reader's billing data from TanStack Query, one hook per resource: the catalogue, the
 * membership summary and the payment methods. Each is keyed by reader (useReader), so
 * another reader logging in on this tab never sees the previous one's.
 */
import { useQuery } from '@tanstack/react-query';
import { membershipQuery, paymentMethodsQuery, plansQuery, type RawPlan } from '../../api/billing';
import { useReader } from '../state/identityData';

const NO_PLANS: Record<string, RawPlan> = {};

/** The plans keyed by id; empty until they arrive, and (spec) when they cannot be loaded. */
export function usePlans() {
  const query = useQuery(plansQuery);
  return { plans: query.data ?? NO_PLANS, status: query.status, error: query.error, retry: () => void query.refetch() };
}

/** The membership summary of the logged-in reader; undefined until it has arrived. */
export function useMembership() {
  const { loggedIn, reader } = useReader();
  const query = useQuery({ ...membershipQuery(reader), enabled: loggedIn });
  return {
    membership: loggedIn ? query.data : undefined,
    error: query.data ? null : query.error,
    retry: () => void query.refetch(),
  };
}

/** The logged-in reader's payment methods (the query itself: callers read data and error). */
export function usePaymentMethods({ enabled = true }: { enabled?: boolean } = {}) {
  const { loggedIn, reader } = useReader();
  return useQuery({ ...paymentMethodsQuery(reader), enabled: loggedIn && enabled });
}
