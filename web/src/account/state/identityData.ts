/**
 * The server's word on the reader, read from TanStack Query (the identity provider starts
 * these queries; each hook here shares their cache entries).
 */
import { useQuery } from '@tanstack/react-query';
import { accountQuery, dataLayerQuery, profileQuery } from '../../api/queries';
import type { DataLayer } from '../../api/types';
import { useIdentity } from './IdentityProvider';

const LOGGED_OUT: DataLayer = { loggedIn: false };

/** The data layer; logged out until the server has said otherwise. */
export function useDataLayer(): DataLayer {
  return useQuery(dataLayerQuery).data ?? LOGGED_OUT;
}

/**
 * Whether a reader is logged in, and who (the key their data is cached under, so another
 * reader logging in on this tab never sees the previous one's).
 */
export function useReader(): { loggedIn: boolean; reader: string | null } {
  const dataLayer = useDataLayer();
  const { state } = useIdentity();
  return { loggedIn: dataLayer.loggedIn, reader: dataLayer.trackingId ?? state.trackingId ?? null };
}

/** The reader's account; the one this browser last saw stands in until the server answers. */
export function useAccount() {
  const { loggedIn } = useReader();
  const { remembered } = useIdentity();
  return useQuery({ ...accountQuery, enabled: loggedIn, placeholderData: remembered.account ?? undefined });
}

/** The reader's profile; the one this browser last saw stands in until the server answers. */
export function useProfile() {
  const { loggedIn } = useReader();
  const { remembered } = useIdentity();
  return useQuery({ ...profileQuery, enabled: loggedIn, placeholderData: remembered.profile ?? undefined });
}
