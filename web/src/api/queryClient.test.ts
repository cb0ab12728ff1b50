import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { createQueryClient, GC_TIME_MS, retryDelay, shouldRetry, STALE_TIME_MS } from './queryClient';

describe('query client defaults', () => {
  it('keeps data fresh 5 minutes and cached 10 minutes', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(STALE_TIME_MS).toBe(300_000);
    expect(GC_TIME_MS).toBe(600_000);
    expect(options?.staleTime).toBe(STALE_TIME_MS);
    expect(options?.gcTime).toBe(GC_TIME_MS);
  });

  it('retries 3 times, but never a 4xx', () => {
    const serverError = new ApiError('x', 500, 'x');
    expect([0, 1, 2, 3].map((count) => shouldRetry(count, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new ApiError('x', 0, 'network-error'))).toBe(true);
    expect(shouldRetry(0, new ApiError('x', 404, 'user-not-found'))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 429, 'too-many-requests'))).toBe(false);
  });

  it('doubles the delay from 1 s, capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
