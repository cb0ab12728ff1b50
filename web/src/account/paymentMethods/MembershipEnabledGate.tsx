import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { DEFAULT_REDIRECT } from '../redirect';
import { useMembership } from '../membership/billingData';
import { LoadError } from '../settings/LoadError';

/**
 * The payment-method page's extra gate (spec section 2: "membership pages need membership
 * enabled, else go to settings"). Payment methods exist for the membership, so with
 * membership switched off there is nothing to manage here. The page does not also ask for a
 * payment method and active status, the gate of subscriber-only pages: it is where a reader
 * without a method adds one, and where a cancelled reader keeps theirs before resubscribing.
 */
export function MembershipEnabledGate({ children }: { children: ReactNode }) {
  const { membership, error: membershipError, retry: retryMembership } = useMembership();
  if (membership) return membership.membershipEnabled ? children : <Navigate to={DEFAULT_REDIRECT} replace />;
  if (membershipError) return <LoadError error={membershipError} onRetry={retryMembership} />;
  return <Spinner label="Loading your payment methods…" />;
}
