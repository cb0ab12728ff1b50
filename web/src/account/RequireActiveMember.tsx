/**
 * The guard of pages for paying members (spec section 2: "some pages need a payment method
 * and active status (home delivery counts as active)"): anyone else goes to the membership
 * page, where they can subscribe, resume or add a payment method. Used inside the
 * SubscriptionLayout, after RequireLogin.
 *
 * It guards Refer a friend (routes.tsx says why that page, and not My rewards, the payflow or
 * the payment-method page, where readers become such members).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { MembershipResponse, PaymentMethod } from '../api/billing';
import { Spinner } from '../ui/Spinner';
import { useMembership, usePaymentMethods } from './membership/billingData';
import { LoadError } from './settings/LoadError';

export const MEMBERSHIP_PAGE = '/account/settings/membership';

/**
 * Whether a reader may see a paying member's page: home delivery (a free membership, with no
 * payment method) or a member-like status the server decided, with a payment method.
 */
export function isActivePayingMember(membership: Pick<MembershipResponse, 'isMember' | 'homeDelivery'>, methods: readonly PaymentMethod[]): boolean {
  if (membership.homeDelivery) return true;
  return membership.isMember && methods.length > 0;
}

/** What the membership page is told when the guard sent a reader there (router state). */
export interface MembersOnlyRedirect {
  membersOnly: string;
}

export function membersOnlyPage(state: unknown): string | null {
  const page = (state as Partial<MembersOnlyRedirect> | null)?.membersOnly;
  return typeof page === 'string' && page ? page : null;
}

/** `page` names the guarded page, so the membership page can say why the reader is there. */
export function RequireActiveMember({ children, page }: { children: ReactNode; page: string }) {
  const { membership, error: membershipError, retry: retryMembership } = useMembership();
  const methods = usePaymentMethods({ enabled: !membership?.homeDelivery });

  if (membershipError) return <LoadError error={membershipError} onRetry={retryMembership} />;
  if (!membership) return <Spinner label="Loading your membership…" />;
  if (membership.homeDelivery) return children;
  if (methods.error) return <LoadError error={methods.error} onRetry={() => void methods.refetch()} />;
  if (!methods.data) return <Spinner label="Loading your membership…" />;
  const why: MembersOnlyRedirect = { membersOnly: page };
  return isActivePayingMember(membership, methods.data) ? children : <Navigate to={MEMBERSHIP_PAGE} replace state={why} />;
}
