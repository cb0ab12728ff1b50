import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, INVALID_JSON_MESSAGE, OFFLINE_MESSAGE, UNKNOWN_ERROR_MESSAGE, api, call } from './client';
import { forgetSiteNonce } from './siteNonce';

function respond(status: number, body: string, contentType = 'application/json') {
  return new Response(body, { status, headers: { 'Content-Type': contentType } });
}

function mockFetch(...responses: (Response | Error | DOMException)[]) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) {
    if (response instanceof Response) fetchMock.mockResolvedValueOnce(response);
    else fetchMock.mockRejectedValueOnce(response);
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

const LOGIN = { identifiers: { email_address: 'a@b.co' }, validators: { password: 'Secret123' } };
const login = () => call(() => api.POST('/blaize/login', { body: LOGIN }));
const account = () => call(() => api.GET('/blaize/account'));
const membership = () => call(() => api.GET('/wp-json/nyp-membership/v1/membership'));

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSiteNonce();
});

describe('call', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = mockFetch(respond(200, '{"ok":true}'));
    await expect(login()).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/blaize/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify(LOGIN) });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
  });

  it('treats an empty success body as null', async () => {
    mockFetch(respond(201, ''));
    await expect(call(() => api.POST('/blaize/users/reset', { body: { identifiers: { email_address: 'a@b.co' } } }))).resolves.toBeNull();
  });

  it('says "You are probably offline." when the network fails', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failure(account());
    expect(error.message).toBe(OFFLINE_MESSAGE);
    expect(error.message).toBe('You are probably offline.');
    expect(error.status).toBe(0);
  });

  it('says "The response is not a valid JSON response." for a body that is not JSON', async () => {
    mockFetch(respond(200, '<html>oops</html>', 'text/html'));
    const error = await failure(account());
    expect(error.message).toBe('The response is not a valid JSON response.');
    expect(error.message).toBe(INVALID_JSON_MESSAGE);
  });

  it('also for an error response that is not JSON, keeping the status', async () => {
    mockFetch(respond(502, 'Bad gateway', 'text/plain'));
    const error = await failure(account());
    expect(error).toMatchObject({ message: INVALID_JSON_MESSAGE, status: 502 });
  });

  it('carries the status, type and message of a server error', async () => {
    mockFetch(respond(401, '{"type":"invalid-password","message":"Wrong password"}'));
    const error = await failure(login());
    expect(error).toMatchObject({ status: 401, type: 'invalid-password', message: 'Wrong password' });
    expect(error.body).toEqual({ type: 'invalid-password', message: 'Wrong password' });
  });

  it.each(['{}', '{"type":"oops"}', '{"message":""}', '', '[]'])(
    'says "An unknown error occurred." for a failure without a message (%j)',
    async (body) => {
      mockFetch(respond(500, body));
      const error = await failure(account());
      expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
      expect(error.message).toBe('An unknown error occurred.');
      expect(error.status).toBe(500);
    },
  );

  it('lets an abort through unchanged', async () => {
    mockFetch(new DOMException('aborted', 'AbortError'));
    await expect(account()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('puts path parameters into the path, encoded', async () => {
    const fetchMock = mockFetch(respond(200, '{}'));
    await call(() => api.POST('/blaize/users/reset/{state}', { params: { path: { state: 'a/b c' } }, body: { validators: { password: 'x' } } }));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/blaize/users/reset/a%2Fb%20c');
  });
});

describe('the site API nonce', () => {
  const nonceOf = (call: Parameters<typeof fetch> | undefined) => new Headers(call?.[1]?.headers).get('X-WP-Nonce');

  it('fetches a nonce once and sends it with every site API call, and only with those', async () => {
    const fetchMock = mockFetch(respond(200, '{"nonce":"n1"}'), respond(200, '{}'), respond(200, '{}'), respond(200, '{}'));
    await membership();
    await call(() => api.POST('/wp-json/nyp-membership/v1/subscriptions/{subscription_id}/retry', { params: { path: { subscription_id: 's1' } } }));
    await account();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/wp-json/nyp-membership/v1/nonce',
      '/wp-json/nyp-membership/v1/membership',
      '/wp-json/nyp-membership/v1/subscriptions/s1/retry',
      '/blaize/account',
    ]);
    expect(fetchMock.mock.calls.map(nonceOf)).toEqual([null, 'n1', 'n1', null]);
  });

  it('renews the nonce once after a 403 bad-nonce (the session changed) and retries', async () => {
    const badNonce = () => respond(403, '{"type":"bad-nonce","message":"Your page has expired."}');
    const fetchMock = mockFetch(respond(200, '{"nonce":"old"}'), badNonce(), respond(200, '{"nonce":"new"}'), respond(200, '{"ok":true}'));
    await expect(membership()).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(nonceOf)).toEqual([null, 'old', null, 'new']);

    mockFetch(badNonce(), respond(200, '{"nonce":"newer"}'), badNonce());
    const error = await failure(membership());
    expect([error.status, error.type]).toEqual([403, 'bad-nonce']); // retried once, not forever
  });
});
