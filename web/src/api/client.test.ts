import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, INVALID_JSON_MESSAGE, OFFLINE_MESSAGE, UNKNOWN_ERROR_MESSAGE, request } from './client';
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

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSiteNonce();
});

describe('request', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = mockFetch(respond(200, '{"ok":true}'));
    await expect(request('/blaize/login', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/blaize/login');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('treats an empty success body as null', async () => {
    mockFetch(respond(201, ''));
    await expect(request('/blaize/users/reset', { method: 'POST', body: {} })).resolves.toBeNull();
  });

  it('says "You are probably offline." when the network fails', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failure(request('/blaize/account'));
    expect(error.message).toBe(OFFLINE_MESSAGE);
    expect(error.message).toBe('You are probably offline.');
    expect(error.status).toBe(0);
  });

  it('says "The response is not a valid JSON response." for a body that is not JSON', async () => {
    mockFetch(respond(200, '<html>oops</html>', 'text/html'));
    const error = await failure(request('/blaize/account'));
    expect(error.message).toBe('The response is not a valid JSON response.');
    expect(error.message).toBe(INVALID_JSON_MESSAGE);
  });

  it('also for an error response that is not JSON, keeping the status', async () => {
    mockFetch(respond(502, 'Bad gateway', 'text/plain'));
    const error = await failure(request('/blaize/account'));
    expect(error).toMatchObject({ message: INVALID_JSON_MESSAGE, status: 502 });
  });

  it('carries the status, type and message of a server error', async () => {
    mockFetch(respond(401, '{"type":"invalid-password","message":"Wrong password"}'));
    const error = await failure(request('/blaize/login', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 401, type: 'invalid-password', message: 'Wrong password' });
    expect(error.body).toEqual({ type: 'invalid-password', message: 'Wrong password' });
  });

  it.each(['{}', '{"type":"oops"}', '{"message":""}', '', '[]'])(
    'says "An unknown error occurred." for a failure without a message (%j)',
    async (body) => {
      mockFetch(respond(500, body));
      const error = await failure(request('/blaize/account'));
      expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
      expect(error.message).toBe('An unknown error occurred.');
      expect(error.status).toBe(500);
    },
  );

  it('lets an abort through unchanged', async () => {
    mockFetch(new DOMException('aborted', 'AbortError'));
    await expect(request('/blaize/account')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('adds query parameters', async () => {
    const fetchMock = mockFetch(respond(200, '[]'));
    await request('/dev/mailbox.json', { query: { to: 'a+b@c.co', skip: undefined } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/dev/mailbox.json?to=a%2Bb%40c.co');
  });

  it('with per_page=-1 fetches pages of 100 until a short page', async () => {
    const page = (from: number, count: number) =>
      respond(200, JSON.stringify(Array.from({ length: count }, (_, i) => from + i)));
    const fetchMock = mockFetch(page(0, 100), page(100, 100), page(200, 7));
    const items = await request<number[]>('/x/items?lang=en', { perPage: -1 });
    expect(items).toHaveLength(207);
    expect(items[206]).toBe(206);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/x/items?lang=en&per_page=100&page=1',
      '/x/items?lang=en&per_page=100&page=2',
      '/x/items?lang=en&per_page=100&page=3',
    ]);
  });

  it('with per_page=-1 stops after one page when it is short, even an empty one', async () => {
    const fetchMock = mockFetch(respond(200, '[]'));
    await expect(request('/x', { perPage: -1 })).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes an explicit per_page through', async () => {
    const fetchMock = mockFetch(respond(200, '[]'));
    await request('/x', { perPage: 10 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/x?per_page=10');
  });
});

describe('the site API nonce', () => {
  const nonceOf = (call: Parameters<typeof fetch> | undefined) => new Headers(call?.[1]?.headers).get('X-WP-Nonce');

  it('fetches a nonce once and sends it with every site API call, and only with those', async () => {
    const fetchMock = mockFetch(respond(200, '{"nonce":"n1"}'), respond(200, '{}'), respond(200, '{}'), respond(200, '{}'));
    await request('/wp-json/nyp-membership/v1/membership');
    await request('/wp-json/nyp-membership/v1/retry', { method: 'POST' });
    await request('/blaize/account');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/wp-json/nyp-membership/v1/nonce',
      '/wp-json/nyp-membership/v1/membership',
      '/wp-json/nyp-membership/v1/retry',
      '/blaize/account',
    ]);
    expect(fetchMock.mock.calls.map(nonceOf)).toEqual([null, 'n1', 'n1', null]);
  });

  it('renews the nonce once after a 403 bad-nonce (the session changed) and retries', async () => {
    const badNonce = () => respond(403, '{"type":"bad-nonce","message":"Your page has expired."}');
    const fetchMock = mockFetch(respond(200, '{"nonce":"old"}'), badNonce(), respond(200, '{"nonce":"new"}'), respond(200, '{"ok":true}'));
    await expect(request('/wp-json/nyp-membership/v1/membership')).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.map(nonceOf)).toEqual([null, 'old', null, 'new']);

    mockFetch(badNonce(), respond(200, '{"nonce":"newer"}'), badNonce());
    const error = await failure(request('/wp-json/nyp-membership/v1/membership'));
    expect([error.status, error.type]).toEqual([403, 'bad-nonce']); // retried once, not forever
  });
});
