import { describe, expect, it, vi } from 'vitest';
import { logOut } from './AccountItems';

describe('logging out from the main menu', () => {
  it('logs out of comments too, without waiting for it', async () => {
    const reload = vi.fn();
    const fetcher = vi.fn(() => Promise.resolve(new Response('{"message":"Session deleted"}')));
    const commentsLogout = vi.fn(() => new Promise<boolean>(() => undefined)); // never answers
    await expect(logOut(reload, fetcher, commentsLogout)).resolves.toBe(true);
    expect(commentsLogout).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('/blaize/logout', expect.objectContaining({ method: 'POST' }));
    expect(reload).toHaveBeenCalled();
  });

  it('stays on the page when the Masthead logout fails, whatever comments said', async () => {
    const reload = vi.fn();
    const fetcher = vi.fn(() => Promise.resolve(new Response('{}', { status: 503 })));
    await expect(logOut(reload, fetcher, () => Promise.resolve(true))).resolves.toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
