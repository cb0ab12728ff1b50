// @vitest-environment-options {"url": "https://a.b.example.co.uk/shop?_saasquatch=eyJhIjp7ImIiOjF9fQ"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeCookie } from '../src/cookieCodec.js';
import { storeReferralCookie } from '../src/cookieStore.js';
import { topLevelDomain } from '../src/topLevelDomain.js';
import { cookieStored, pushCookie, readReferralCookie } from '../src/referralCookie.js';
import { init } from '../src/squatch.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { clearCookies, mockFetch } from './helpers.js';

/** Records every document.cookie assignment. */
function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
    writes.push(value);
    descriptor.set!.call(document, value);
  });
  return writes;
}

const forgetCookie = () => {
  clearCookies();
  for (const domain of ['example.co.uk', 'b.example.co.uk', 'a.b.example.co.uk'])
    document.cookie = `_saasquatch=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/; domain=${domain}`;
};

afterEach(() => {
  forgetCookie();
  vi.restoreAllMocks();
});

describe('top-level domain', () => {
  it('is the shortest domain that takes a cookie, found by probing ever shorter ones', () => {
    const writes = spyCookieWrites();
    expect(topLevelDomain('a.b.example.co.uk')).toBe('example.co.uk');
    const probed = writes.filter((w) => !w.includes('max-age=0')).map((w) => w.split('domain=')[1]);
    // co.uk is a public suffix: the browser refuses it and the search stops there.
    expect(probed).toEqual(['a.b.example.co.uk', 'b.example.co.uk', 'example.co.uk', 'co.uk']);
    expect(document.cookie).not.toContain('_sq_tld');
  });

  it.each(['localhost', '127.0.0.1', '[::1]'])('is none on %s: the cookie stays on the host', (host) => {
    expect(topLevelDomain(host)).toBeUndefined();
  });
});

describe('storing the referral cookie', () => {
  it('writes the URL parameter for 365 days on the top-level domain, path /, SameSite=Lax, not Secure', () => {
    const writes = spyCookieWrites();
    storeReferralCookie();
    const written = writes.at(-1)!;
    expect(written).toBe('_saasquatch=eyJhIjp7ImIiOjF9fQ; max-age=31536000; path=/; domain=example.co.uk; SameSite=Lax');
    expect(31536000).toBe(365 * 24 * 60 * 60);
    expect(written).not.toMatch(/secure/i);
    expect(decodeCookie(readReferralCookie())).toEqual({ a: { b: 1 } });
  });

  it('deep-merges into the existing cookie', () => {
    document.cookie = '_saasquatch=eyJhIjp7ImMiOjJ9LCJ4IjpbMSwyXX0; path=/; domain=example.co.uk';
    storeReferralCookie();
    expect(decodeCookie(readReferralCookie())).toEqual({ a: { b: 1, c: 2 }, x: [1, 2] });
  });

  it('is what pushCookie() does, its promise settling once the cookie is there', async () => {
    await pushCookie();
    expect(readReferralCookie()).toBe('eyJhIjp7ImIiOjF9fQ');
  });

  it('runs from init unless the page opts out', async () => {
    init({ tenantAlias: 'acme' });
    await cookieStored();
    expect(readReferralCookie()).toBe('eyJhIjp7ImIiOjF9fQ');
    forgetCookie();
    (window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop = true;
    init({ tenantAlias: 'acme' });
    delete (window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop;
    await cookieStored();
    expect(readReferralCookie()).toBeNull();
  });

  it('comes before an upsert asked for meanwhile, which sends the stored cookie', async () => {
    const calls = mockFetch({ body: {} });
    void pushCookie();
    await new WidgetApi({ tenantAlias: 'acme' }).upsertUser({ user: { id: 'u', accountId: 'a' } });
    expect(calls[0]!.body).toEqual({ id: 'u', accountId: 'a', cookies: 'eyJhIjp7ImIiOjF9fQ' });
  });
});
