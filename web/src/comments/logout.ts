/**
 * Logging out of Masthead logs out of comments too (spec section 8): POST /comments/v1/logout,
 * given up after 10 seconds (500 ms in tests: Vite's test mode, which Vitest runs in), with a
 * failure reported on the console and as false. Callers start it beside their own logout and
 * never wait on it before it: the Masthead logout does not depend on the comments service.
 * No imports: the islands and the account area both carry it.
 */
export const COMMENTS_LOGOUT_TIMEOUT_MS = import.meta.env.MODE === 'test' ? 500 : 10_000;
export const COMMENTS_LOGOUT_FAILURE = 'Logging out of comments failed.';

export async function logOutOfComments(timeoutMs = COMMENTS_LOGOUT_TIMEOUT_MS, fetcher: typeof fetch = fetch): Promise<boolean> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`No answer in ${timeoutMs} ms.`));
    }, timeoutMs);
  });
  try {
    // keepalive: the page may reload (the islands do, after logging out) while it is on its way.
    const asked = fetcher('/comments/v1/logout', { method: 'POST', credentials: 'include', keepalive: true, signal: controller.signal });
    const response = await Promise.race([asked, timeUp]);
    if (!response.ok) throw new Error(`The comments service answered ${response.status}.`);
    return true;
  } catch (error) {
    console.error(COMMENTS_LOGOUT_FAILURE, error);
    return false;
  } finally {
    clearTimeout(timer);
  }
}
