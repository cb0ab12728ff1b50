import { useAccount, useProfile } from '../state/identityData';

/** The logged-in reader's account and profile, once the server has sent both, or why not. */
export function useUserData() {
  const account = useAccount();
  const profile = useProfile();
  // The last known values stand in elsewhere; a form starts only from the server's.
  const fresh = !account.isPlaceholderData && !profile.isPlaceholderData;
  const ready = fresh && account.data && profile.data ? { account: account.data, profile: profile.data } : null;
  const error = ready ? null : (account.error ?? profile.error);
  const retry = () => {
    void account.refetch();
    void profile.refetch();
  };
  return { data: ready, error, retry };
}
