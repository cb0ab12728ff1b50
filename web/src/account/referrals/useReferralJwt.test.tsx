// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { REFERRAL_JWT_PATH, referralKeys, type ReferralAccess } from '../../api/referrals';
import { IdentityProvider, useIdentity } from '../state/IdentityProvider';
import { useReferralJwt } from './useReferralJwt';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function access(jwt: string, expiresAt = NOW / 1000 + 3600): ReferralAccess {
  return {
    jwt,
    user: { id: 't-1', accountId: 't-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
    tenantAlias: 'test_masthead',
    domain: 'http://127.0.0.1:8000',
    expiresAt,
  };
}

type Reply = { status: number; body: unknown };

/** A fake server: a logged-in reader (or not), and JWT replies taken in turn. */
function serve(jwtReplies: Reply[], loggedIn = true) {
  const fetchMock = vi.fn(async (url: string) => {
    let reply: Reply;
    if (url.startsWith('/blaize/datalayer')) {
      reply = loggedIn
        ? { status: 200, body: { dataLayer: { loggedIn: true, trackingId: 't-1' } } }
        : { status: 401, body: { type: 'unauthorized', message: 'Please log in to continue.' } };
    } else if (url.startsWith('/blaize/account')) {
      reply = { status: 200, body: { identifiers: { email_address: 'ada@example.com' }, tracking_id: 't-1' } };
    } else if (url.startsWith('/blaize/profile')) {
      reply = { status: 200, body: { 'full-name': 'Ada Lovelace' } };
    } else if (url.startsWith('/blaize/logout')) {
      reply = { status: 200, body: { message: 'Logged out.' } };
    } else if (url === REFERRAL_JWT_PATH) {
      reply = jwtReplies.length > 1 ? jwtReplies.shift()! : jwtReplies[0]!;
    } else {
      reply = { status: 404, body: { type: 'not-found', message: 'There is nothing at this address.' } };
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const jwtCalls = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([url]) => url === REFERRAL_JWT_PATH).length;

function wrapper(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <IdentityProvider config={{ allowedRedirectHosts: ['127.0.0.1'] }}>{children}</IdentityProvider>
      </QueryClientProvider>
    );
  };
}

/** The hook, and spec section 3's `referral: {jwt, jwtFetched}` as the hook names it. */
function renderJwtHook(queryClient = createQueryClient()) {
  return renderHook(
    () => {
      const result = useReferralJwt();
      return { result, referral: { jwt: result.jwt, jwtFetched: result.jwtFetched } };
    },
    { wrapper: wrapper(queryClient) },
  );
}

beforeEach(() => {
  window.localStorage.clear();
  // Only the date is faked: the query client's and waitFor's timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useReferralJwt', () => {
  it('fetches the JWT for a logged-in reader and reports it as referral {jwt, jwtFetched}', async () => {
    const fetchMock = serve([{ status: 200, body: access('jwt-1') }]);
    const { result } = renderJwtHook();
    expect(result.current.referral).toEqual({ jwt: null, jwtFetched: false });
    await waitFor(() => expect(result.current.result.access).toEqual(access('jwt-1')));
    expect(result.current.result.error).toBeNull();
    await waitFor(() => expect(result.current.referral).toEqual({ jwt: 'jwt-1', jwtFetched: true }));
    expect(jwtCalls(fetchMock)).toBe(1);
  });

  it('asks nothing while the reader is logged out', async () => {
    const fetchMock = serve([{ status: 200, body: access('jwt-1') }], false);
    const { result } = renderJwtHook();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/blaize/datalayer', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(jwtCalls(fetchMock)).toBe(0);
    expect(result.current.result.access).toBeUndefined();
    expect(result.current.referral.jwtFetched).toBe(false);
  });

  it('reports a refusal with the server message, and retry fetches again', async () => {
    const fetchMock = serve([
      // A 4xx is not retried by the query client (a 5xx is, three times, before it shows).
      { status: 401, body: { type: 'unauthorized', message: 'Please log in to continue.' } },
      { status: 200, body: access('jwt-2') },
    ]);
    const { result } = renderJwtHook();
    await waitFor(() => expect(result.current.result.error?.message).toBe('Please log in to continue.'));
    expect(result.current.result.access).toBeUndefined();
    expect(result.current.referral).toEqual({ jwt: null, jwtFetched: false });
    await act(() => result.current.result.retry());
    await waitFor(() => expect(result.current.result.access?.jwt).toBe('jwt-2'));
    expect(result.current.result.error).toBeNull();
    expect(result.current.referral).toEqual({ jwt: 'jwt-2', jwtFetched: true });
    expect(jwtCalls(fetchMock)).toBe(2);
  });

  it('keeps no copy: {jwt, jwtFetched} are what the query cache holds', async () => {
    const queryClient = createQueryClient();
    serve([{ status: 200, body: access('jwt-1') }]);
    const { result } = renderJwtHook(queryClient);
    await waitFor(() => expect(result.current.referral).toEqual({ jwt: 'jwt-1', jwtFetched: true }));
    // The reader's own key (an earlier one, for no reader yet, holds nothing).
    const query = queryClient.getQueryCache().findAll({ queryKey: referralKeys.all }).find((each) => each.state.data);
    expect(query?.state.data).toEqual(access('jwt-1'));

    // A JWT the cache gets by any way (another page's refetch) is the hook's at its next render.
    act(() => queryClient.setQueryData(query!.queryKey, access('jwt-renewed')));
    await waitFor(() => expect(result.current.referral).toEqual({ jwt: 'jwt-renewed', jwtFetched: true }));
    expect(result.current.result.access?.jwt).toBe('jwt-renewed');
  });

  it('holds back a cached JWT about to expire until a fresh one arrives', async () => {
    const queryClient = createQueryClient();
    const fetchMock = serve([
      { status: 200, body: access('old', NOW / 1000 + 5 * 60) },
      { status: 200, body: access('new') },
    ]);
    const first = renderJwtHook(queryClient);
    await waitFor(() => expect(first.result.current.result.access?.jwt).toBe('old'));
    first.unmount();
    vi.setSystemTime(NOW + 4 * 60 * 1000);

    // Four minutes later the cached JWT is stale and within the expiry margin.
    const seen: (string | undefined)[] = [];
    const later = renderHook(
      () => {
        const value = useReferralJwt();
        seen.push(value.access?.jwt);
        return value;
      },
      { wrapper: wrapper(queryClient) },
    );
    await waitFor(() => expect(later.result.current.access?.jwt).toBe('new'));
    expect(seen).not.toContain('old');
    expect(jwtCalls(fetchMock)).toBe(2);
  });

  it('hands out a cached JWT with time left while a fresh one is fetched', async () => {
    const queryClient = createQueryClient();
    const fetchMock = serve([{ status: 200, body: access('first') }, { status: 200, body: access('second') }]);
    const first = renderJwtHook(queryClient);
    await waitFor(() => expect(first.result.current.result.access?.jwt).toBe('first'));
    first.unmount();
    vi.setSystemTime(NOW + 6 * 60 * 1000); // stale after the usual 5 minutes

    const seen: (string | undefined)[] = [];
    const later = renderHook(
      () => {
        const value = useReferralJwt();
        seen.push(value.access?.jwt);
        return value;
      },
      { wrapper: wrapper(queryClient) },
    );
    await waitFor(() => expect(later.result.current.access?.jwt).toBe('second'));
    expect(seen).toContain('first');
    expect(jwtCalls(fetchMock)).toBe(2);
  });
});

describe('a reader logging out of this tab', () => {
  it('leaves the next reader no referral token, membership or payment method of theirs', async () => {
    serve([{ status: 200, body: access('jwt-of-ada') }]);
    const queryClient = createQueryClient();
    queryClient.setQueryData(['billing', 'membership'], { status: 'Active' });
    const { result } = renderHook(
      () => ({ jwt: useReferralJwt(), identity: useIdentity() }),
      { wrapper: wrapper(queryClient) },
    );
    await waitFor(() => expect(result.current.jwt.jwt).toBe('jwt-of-ada'));

    await act(() => result.current.identity.logOut());

    expect(queryClient.getQueriesData({ queryKey: referralKeys.all }).every(([, data]) => data === undefined)).toBe(true);
    expect(queryClient.getQueryData(['billing', 'membership'])).toBeUndefined();
    expect(result.current.jwt.jwt).toBeNull();
  });
});
