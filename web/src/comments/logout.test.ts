import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMENTS_LOGOUT_FAILURE, COMMENTS_LOGOUT_TIMEOUT_MS, logOutOfComments } from './logout';

afterEach(() => vi.useRealTimers());

describe('logging out of comments (spec section 8)', () => {
  it('gives up after 500 ms in tests and reports the failure', async () => {
    expect(COMMENTS_LOGOUT_TIMEOUT_MS).toBe(500);
    vi.useFakeTimers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const never = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) => new Promise<Response>(() => undefined));
    const outcome = logOutOfComments(undefined, never);
    await vi.advanceTimersByTimeAsync(COMMENTS_LOGOUT_TIMEOUT_MS);
    await expect(outcome).resolves.toBe(false);
    expect(error).toHaveBeenCalledWith(COMMENTS_LOGOUT_FAILURE, expect.any(Error));
    expect(never).toHaveBeenCalledWith('/comments/v1/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(never.mock.calls[0]![1]!.signal!.aborted).toBe(true);
  });

  it('answers true when the service signs the reader out, false on a refusal or no network', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ok = () => Promise.resolve(new Response('{"message":"Signed out of comments."}'));
    await expect(logOutOfComments(undefined, ok)).resolves.toBe(true);
    expect(error).not.toHaveBeenCalled();
    const refused = () => Promise.resolve(new Response('{}', { status: 503 }));
    await expect(logOutOfComments(undefined, refused)).resolves.toBe(false);
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(logOutOfComments(undefined, offline)).resolves.toBe(false);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
