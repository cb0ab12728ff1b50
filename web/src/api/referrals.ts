/** The site API's referral call: the signed-in reader's referral JWT for the widget library. */
import { queryOptions } from '@tanstack/react-query';
import { api, call } from './client';
import { STALE_TIME_MS } from './queryClient';
import type { components } from './schema';

/** `{jwt, user: {id, accountId, email, firstName, lastName}, tenantAlias, domain, expiresAt}`. */
export type ReferralAccess = components['schemas']['ReferralJwtResponse'];

export const REFERRAL_JWT_PATH = '/wp-json/nyp-membership/v1/saasquatch_jwt';

/** A JWT this close to its expiry is not handed to the widget: a fresh one is fetched first. */
export const JWT_EXPIRY_MARGIN_MS = 2 * 60 * 1000;

export function fetchReferralJwt(): Promise<ReferralAccess> {
  return call(() => api.GET(REFERRAL_JWT_PATH));
}

export const referralKeys = {
  all: ['referral'] as const,
  /** Per reader, so a tab where another reader logs in never reuses the previous one's JWT. */
  jwt: (reader: string | null) => ['referral', 'jwt', reader] as const,
};

export function referralJwtQuery(reader: string | null) {
  return queryOptions({
    queryKey: referralKeys.jwt(reader),
    queryFn: fetchReferralJwt,
    // Stale after the usual 5 minutes, or sooner when the JWT nears its expiry, so a page that
    // needs it fetches a new one first. Not on window focus: that would redraw the widget.
    staleTime: (query) => {
      const data = query.state.data;
      if (!data) return 0;
      return Math.max(0, Math.min(STALE_TIME_MS, data.expiresAt * 1000 - Date.now() - JWT_EXPIRY_MARGIN_MS));
    },
    refetchOnWindowFocus: false,
  });
}

/** Whether a JWT still has more than the margin to live at `now` (ms). */
export function isUsable(access: ReferralAccess | undefined, now: number = Date.now()): access is ReferralAccess {
  return access !== undefined && access.expiresAt * 1000 - now > JWT_EXPIRY_MARGIN_MS;
}
