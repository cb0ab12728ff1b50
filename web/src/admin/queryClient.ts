import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { createQueryClient } from '../api/queryClient';
import { adminKeys } from './data';

/**
 * The shared query settings, plus one rule of the console: a call answered 401 (the staff
 * session ended: idle, expired, signed out in another tab) means nobody is signed in here
 * either, so the console goes back to sign-in instead of showing errors screen by screen.
 */
export function createAdminQueryClient(): QueryClient {
  const signedOut = (error: unknown) => {
    if (isApiError(error) && error.status === 401 && error.type === 'unauthorized') client.setQueryData(adminKeys.me, null);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOut }),
    mutationCache: new MutationCache({ onError: signedOut }),
    defaultOptions: createQueryClient().getDefaultOptions(),
  });
  return client;
}
