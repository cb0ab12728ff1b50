// @vitest-environment-options {"url": "https://a.b.example.co.uk/shop?_saasquatch=eyJhIjp7ImIiOjF9fQ"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeCookie } from '../src/cookieCodec.js';
import { pushCookie, readReferralCookie, topLevelDomain } from '../src/referralCookie.js';
import { init } from '../src/squatch.js';
import { clearCookies } from './helpers.js';

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

afterEach(() => {
  clearCookies();
  vi.restoreAllMocks();
  for (const domain of ['example.co.uk', 'b.example.co.uk', 'a.b.example.co.uk'])
    document.cookie = `_saasquatch=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/; domain=${domain}`;
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

describe('pushCookie', () => {
  it('writes the URL parameter for 365 days on the top-level domain, path /, SameSite=Lax, not Secure', () => {
    const writes = spyCookieWrites();
    pushCookie();
    const written = writes.at(-1)!;
    expect(written).toBe('_saasquatch=eyJhIjp7ImIiOjF9fQ; max-age=31536000; path=/; domain=example.co.uk; SameSite=Lax');
    expect(31536000).toBe(365 * 24 * 60 * 60);
    expect(written).not.toMatch(/secure/i);
    expect(decodeCookie(readReferralCookie())).toEqual({ a: { b: 1 } });
  });

  it('deep-merges into the existing cookie', () => {
    document.cookie = '_saasquatch=eyJhIjp7ImMiOjJ9LCJ4IjpbMSwyXX0; path=/; domain=example.co.uk';
    pushCookie();
    expect(decodeCookie(readReferralCookie())).toEqual({ a: { b: 1, c: 2 }, x: [1, 2] });
  });

  it('runs from init unless the page opts out', () => {
    init({ tenantAlias: 'acme' });
    expect(readReferralCookie()).toBe('eyJhIjp7ImIiOjF9fQ');
    clearCookies();
    document.cookie = '_saasquatch=; expires=Thu, 01 Jan 1970 00:00:01 GMT; path=/; domain=example.co.uk';
    (window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop = true;
    init({ tenantAlias: 'acme' });
    delete (window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop;
    expect(readReferralCookie()).toBeNull();
  });
});
