import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './client';

/** Spec section 9: stale after 5 min, kept 10 min, 3 retries, delay doubling from 1 s to 30 s. */
export const STALE_TIME_MS = 5 * 60 * 1000;
export const GC_TIME_MS = 10 * 60 * 1000;
export const MAX_RETRIES = 3;
export const MAX_RETRY_DELAY_MS = 30_000;

/** A 4xx is the server's considered answer; asking again would get the same one. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        gcTime: GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
      },
      // Writes are never repeated behind the reader's back.
      mutations: { retry: false },
    },
  });
}
