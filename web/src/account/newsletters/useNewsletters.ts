import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUserData } from '../settings/useUserData';
import { readNewsletters, type Newsletters } from './newslettersApi';

/**
 * The reader's lists and subscriptions. The call answers null on failure, which the screens
 * show with a retry; a fresh answer (after a save) replaces the cached one.
 */
export function useNewsletters() {
  const user = useUserData();
  const email = user.data?.account.identifiers.email_address ?? null;
  const queryClient = useQueryClient();
  const key = ['newsletters', email] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => readNewsletters(email ?? ''),
    enabled: email !== null,
    staleTime: 0,
  });
  const failed = user.error !== null || query.data === null || query.isError;
  return {
    email,
    newsletters: query.data ?? null,
    loading: !failed && (email === null || query.isPending || query.isFetching),
    failed,
    retry: () => {
      if (user.error) user.retry();
      void query.refetch();
    },
    replace: (next: Newsletters) => queryClient.setQueryData(key, next),
  };
}
