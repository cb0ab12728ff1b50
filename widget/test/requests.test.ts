// @vitest-environment-options {"url": "https://shop.example.com/checkout?x=1"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendAnalytics } from '../src/analytics.js';
import { EventsApi } from '../src/EventsApi.js';
import { request } from '../src/http.js';
import { setDebug } from '../src/log.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { clearCookies, mockFetch } from './helpers.js';

const DOMAIN = 'http://127.0.0.1:8000';
const api = () => new WidgetApi({ tenantAlias: 'test/ä', domain: DOMAIN });
const user = { id: 'u 1/2', accountId: 'a&b', email: 'x@example.com' };
const REFERRER = 'https://shop.example.com/checkout?x=1';

afterEach(clearCookies);

describe('1. cookie_user', () => {
  it('is a PUT with credentials, the referrer, the user token and the render query', async () => {
    const calls = mockFetch({ body: { template: '<p>', user: {} } });
    await api().cookieUser({ widgetType: 'REFERRER_WIDGET', engagementMedium: 'EMBED', jwt: 'J', user: { email: 'e@x' } });
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: `${DOMAIN}/api/v1/test%2F%C3%A4/widget/user/cookie_user?widgetType=REFERRER_WIDGET&engagementMedium=EMBED`,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-SaaSquatch-User-Token': 'J',
          'X-SaaSquatch-Referrer': REFERRER,
        },
        credentials: 'include',
        body: { email: 'e@x' },
      },
    ]);
  });

  it('defaults to POPUP, an empty body and no token', async () => {
    const calls = mockFetch({ body: {} });
    await api().cookieUser();
    expect(calls[0]!.url).toBe(`${DOMAIN}/api/v1/test%2F%C3%A4/widget/user/cookie_user?engagementMedium=POPUP`);
    expect(calls[0]!.body).toEqual({});
    expect(calls[0]!.headers).not.toHaveProperty('X-SaaSquatch-User-Token');
  });
});

describe('2. upsert', () => {
  it('is a PUT to the encoded account and user, with locale when given', async () => {
    const calls = mockFetch({ body: {} });
    await api().upsertUser({ user, widgetType: 'w/x', locale: 'fr_CA', jwt: 'J' });
    const [call] = calls;
    expect(call!.method).toBe('PUT');
    expect(call!.url).toBe(
      `${DOMAIN}/api/v1/test%2F%C3%A4/widget/account/a%26b/user/u%201%2F2/upsert?widgetType=w%2Fx&engagementMedium=POPUP&locale=fr_CA`,
    );
    expect(call!.credentials).toBe('include');
    expect(call!.headers['X-SaaSquatch-Referrer']).toBe(REFERRER);
    expect(call!.headers['X-SaaSquatch-User-Token']).toBe('J');
    expect(call!.body).toEqual(user);
  });

  it('adds the _saasquatch cookie to the user as `cookies`, without changing the caller’s object', async () => {
    document.cookie = '_saasquatch=eyJhIjoxfQ; path=/';
    const calls = mockFetch({ body: {} });
    const mine = { ...user };
    await api().upsertUser({ user: mine });
    expect(calls[0]!.body).toEqual({ ...user, cookies: 'eyJhIjoxfQ' });
    expect(mine).not.toHaveProperty('cookies');
  });
});

describe('3. render', () => {
  it('is a GET with credentials and no body', async () => {
    const calls = mockFetch({ body: {} });
    await api().render({ user, engagementMedium: 'EMBED', jwt: 'J' });
    expect(calls[0]).toEqual({
      method: 'GET',
      url: `${DOMAIN}/api/v1/test%2F%C3%A4/widget/account/a%26b/user/u%201%2F2/render?engagementMedium=EMBED`,
      headers: { Accept: 'application/json', 'X-SaaSquatch-User-Token': 'J' },
      credentials: 'include',
      body: undefined,
    });
  });
});

describe('4. referral invite', () => {
  it('posts sender and recipients', async () => {
    const calls = mockFetch({ body: {} });
    await api().invite({ emailList: ['a@x', 'b@x'], userId: 'u', accountId: 'a', tenantAlias: 'other t' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `${DOMAIN}/api/v1/other%20t/mail/referralinvite`,
      credentials: 'same-origin',
      body: { sendingAccountId: 'a', sendingUserId: 'u', recipients: ['a@x', 'b@x'] },
    });
  });
});

describe('4. referral invite failures', () => {
  it('are only logged: the promise resolves, with nothing', async () => {
    setDebug(true);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const refusal = { message: 'Unknown user', apiErrorCode: 'USER_NOT_FOUND', rsCode: 'RS404' };
    mockFetch({ status: 404, body: refusal });
    await expect(api().invite({ emailList: ['a@x'], userId: 'u', accountId: 'a' })).resolves.toBeUndefined();
    expect(debug).toHaveBeenCalledWith('squatch-js', 'invite', refusal);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api().invite({ emailList: ['a@x'], userId: 'u', accountId: 'a' })).resolves.toBeUndefined();
    setDebug(false);
  });

  it('do not hide the reply of an invite that went through', async () => {
    mockFetch({ body: { accepted: 1, rejected: 0 } });
    await expect(api().invite({ emailList: ['a@x'], userId: 'u', accountId: 'a' })).resolves.toEqual({ accepted: 1, rejected: 0 });
  });
});

describe('5. squatchcookiejson', () => {
  it('sends the cookie and reads the code', async () => {
    document.cookie = '_saasquatch=eyJhIjoxfQ; path=/';
    const calls = mockFetch({ body: { codes: ['CODE1', 'CODE2'] } });
    const reply = await api().squatchReferralCookie();
    expect(calls[0]).toMatchObject({ method: 'GET', url: `${DOMAIN}/a/test%2F%C3%A4/widgets/squatchcookiejson?cookies=eyJhIjoxfQ` });
    expect(reply).toEqual({ codes: ['CODE1', 'CODE2'], code: 'CODE1', encodedCookie: 'eyJhIjoxfQ' });
  });

  it.each([
    [{ code: 'C' }, 'C'],
    [{ codes: { program: 'P' } }, 'P'],
    [{ codes: [] }, undefined],
    [{}, undefined],
  ])('finds the code in %j', async (body, code) => {
    mockFetch({ body });
    expect((await api().squatchReferralCookie()).code).toBe(code);
  });

  it('asks without a query when there is no cookie', async () => {
    const calls = mockFetch({ body: {} });
    await api().squatchReferralCookie();
    expect(calls[0]!.url).toBe(`${DOMAIN}/a/test%2F%C3%A4/widgets/squatchcookiejson`);
  });
});

describe('6 and 7. analytics', () => {
  const p = { tenantAlias: 't t', externalAccountId: 'a/1', externalUserId: 'u&1', engagementMedium: 'POPUP' };

  it('posts the load event, with programId when known', async () => {
    const calls = mockFetch({ body: {} });
    await sendAnalytics(DOMAIN, 'loaded', { ...p, programId: 'p 1' });
    await sendAnalytics(DOMAIN, 'loaded', p);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', `${DOMAIN}/a/t%20t/widgets/analytics/loaded?externalAccountId=a%2F1&externalUserId=u%261&engagementMedium=POPUP&programId=p%201`, undefined],
      ['POST', `${DOMAIN}/a/t%20t/widgets/analytics/loaded?externalAccountId=a%2F1&externalUserId=u%261&engagementMedium=POPUP`, undefined],
    ]);
  });

  it('sends a CORS simple request: no body, only safelisted headers, no credentials', async () => {
    const calls = mockFetch({ body: {} });
    await sendAnalytics(DOMAIN, 'shared', p, 'EMAIL');
    expect([calls[0]!.headers, calls[0]!.credentials, calls[0]!.body]).toEqual([{ Accept: 'application/json' }, 'same-origin', undefined]);
  });

  it('posts the share event with its medium', async () => {
    const calls = mockFetch({ body: {} });
    await sendAnalytics(DOMAIN, 'shared', { ...p, programId: 'ignored' }, 'FACEBOOK');
    expect(calls[0]!.url).toBe(
      `${DOMAIN}/a/t%20t/widgets/analytics/shared?externalAccountId=a%2F1&externalUserId=u%261&engagementMedium=POPUP&shareMedium=FACEBOOK`,
    );
  });

  it('only logs a failure', async () => {
    mockFetch({ status: 500, body: { message: 'down' } });
    await expect(sendAnalytics(DOMAIN, 'loaded', p)).resolves.toBeUndefined();
  });
});

describe('8. user events', () => {
  it('posts accountId, userId and events to the encoded path, with the JWT when given', async () => {
    const calls = mockFetch({ body: {} });
    const events = new EventsApi({ tenantAlias: 'test_t', domain: DOMAIN });
    await events.track({ accountId: 'a/b', userId: 'u?', events: [{ key: 'purchase' }], extra: 1 } as never, { jwt: 'J' });
    await events.track({ accountId: 'a', userId: 'u', events: [] });
    expect(calls[0]).toEqual({
      method: 'POST',
      url: `${DOMAIN}/api/v1/test_t/open/account/a%2Fb/user/u%3F/events`,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-SaaSquatch-User-Token': 'J' },
      credentials: 'same-origin',
      body: { accountId: 'a/b', userId: 'u?', events: [{ key: 'purchase' }] },
    });
    expect(calls[1]!.headers).not.toHaveProperty('X-SaaSquatch-User-Token');
  });
});

describe('failures', () => {
  it('reject with the parsed JSON error body', async () => {
    const error = { message: 'nope', apiErrorCode: 'USER_NOT_FOUND', rsCode: 'RS042', statusCode: 404 };
    mockFetch({ status: 404, body: error });
    await expect(api().render({ user })).rejects.toEqual(error);
  });

  it('reject with an Error when the body is not JSON', async () => {
    mockFetch({ status: 502 });
    await expect(request('GET', `${DOMAIN}/x`)).rejects.toEqual(new Error('HTTP 502'));
  });

  it('are not retried', async () => {
    const calls = mockFetch({ status: 503, body: {} });
    await expect(api().cookieUser()).rejects.toEqual({});
    expect(calls).toHaveLength(1);
  });
});
