import { useQuery } from '@tanstack/react-query';
import { isUsable, referralJwtQuery, type ReferralAccess } from '../../api/referrals';
import { useReader } from '../state/identityData';

export interface ReferralJwtResult {
  /** Spec section 3's client state `referral`: the reader's JWT as the query holds it... */
  jwt: string | null;
  /** ...and whether one has been fetched for this reader. */
  jwtFetched: boolean;
  /** The reader's JWT and referral user, once fetched and not about to expire. */
  access: ReferralAccess | undefined;
  error: Error | null;
  /** Fetches a new JWT; resolves once it has arrived (or failed). */
  retry: () => Promise<unknown>;
}

/**
 * The signed-in reader's referral JWT (GET saasquatch_jwt). It is server state, so TanStack
 * Query holds it and nothing else: spec section 3's `referral: {jwt, jwtFetched}` is read
 * from the query here, never copied into a reducer (a copy would lag a refetch by a render).
 */
export function useReferralJwt(): ReferralJwtResult {
  const { loggedIn, reader } = useReader();
  const query = useQuery({ ...referralJwtQuery(reader), enabled: loggedIn });
  const { error, refetch } = query;
  // A reader who is not (or no longer) logged in gets nothing, not even a cached JWT.
  const data = loggedIn ? query.data : undefined;

  // A cached JWT about to expire is held back while the query fetches a new one (the query
  // counts it stale by then, so mounting a page fetches one).
  const expiring = data !== undefined && !isUsable(data);
  const usable = expiring && query.isFetching ? undefined : data;
  return {
    jwt: data?.jwt ?? null,
    jwtFetched: data !== undefined,
    access: usable,
    error: usable || !loggedIn ? null : error,
    retry: () => refetch(),
  };
}
