import { useQuery } from '@tanstack/react-query';
import { accountQuery, profileQuery } from '../../api/queries';
import { useIdentity } from '../state/IdentityProvider';

/** The logged-in reader's account and profile, once both have loaded, or why not. */
export function useUserData() {
  const { state } = useIdentity();
  const loggedIn = state.dataLayer.loggedIn;
  // The same queries the identity provider runs: they share one cache entry.
  const account = useQuery({ ...accountQuery, enabled: loggedIn });
  const profile = useQuery({ ...profileQuery, enabled: loggedIn });
  const { account: accountData, profile: profileData } = state.user;
  const ready = state.userDataLoaded && accountData && profileData ? { account: accountData, profile: profileData } : null;
  const error = ready ? null : (account.error ?? profile.error);
  const retry = () => {
    void account.refetch();
    void profile.refetch();
  };
  return { data: ready, error, retry };
}
