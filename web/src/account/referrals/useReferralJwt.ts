import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUsable, referralJwtQuery, type ReferralAccess } from '../../api/referrals';
import { useIdentity } from '../state/IdentityProvider';
import { useReferral } from './ReferralProvider';

export interface ReferralJwtResult {
  /** The reader's JWT and referral user, once fetched and not about to expire. */
  access: ReferralAccess | undefined;
  error: Error | null;
  /** Fetches a new JWT; resolves once it has arrived (or failed). */
  retry: () => Promise<unknown>;
}

/**
 * The signed-in reader's referral JWT (GET saasquatch_jwt), through TanStack Query, mirrored
 * into the referral state as {jwt, jwtFetched}.
 */
export function useReferralJwt(): ReferralJwtResult {
  const { state: identity } = useIdentity();
  const { dispatch } = useReferral();
  const loggedIn = identity.dataLayer.loggedIn;
  const reader = identity.dataLayer.trackingId ?? identity.user.trackingId ?? null;
  const query = useQuery({ ...referralJwtQuery(reader), enabled: loggedIn });
  const { data, error, refetch } = query;

  // The reducer keeps only what the query holds now: a new reader's key starts empty.
  useEffect(() => {
    dispatch({
      type: 'UPDATE_REFERRAL_DATA',
      referral: data ? { jwt: data.jwt, jwtFetched: true } : { jwt: null, jwtFetched: false },
    });
  }, [data, dispatch]);

  // A cached JWT about to expire is held back while the query fetches a new one (the query
  // counts it stale by then, so mounting a page fetches one).
  const expiring = data !== undefined && !isUsable(data);
  // A reader who is not (or no longer) logged in gets nothing, not even a cached JWT.
  const usable = !loggedIn || (expiring && query.isFetching) ? undefined : data;
  return {
    access: usable,
    error: usable || !loggedIn ? null : error,
    retry: () => refetch(),
  };
}
