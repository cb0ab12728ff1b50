import { describe, expect, it } from 'vitest';
import { DEFAULT_COOKIE_SETTINGS } from './globals';
import { formatSegment, parseSegment, readCookie, segmentUpdate, subscriberHint } from './segment';

const settings = DEFAULT_COOKIE_SETTINGS;

describe('the segment cookie', () => {
  it('holds key/value groups', () => {
    const value = formatSegment({ 'is-subscriber': 'yes', region: 'us' });
    expect(value).toBe('vc-v1__is-subscriber_--_yes---__region_--_us');
    expect(parseSegment(value)).toEqual({ 'is-subscriber': 'yes', region: 'us' });
    expect(parseSegment(null)).toEqual({});
    expect(parseSegment('garbage')).toEqual({});
  });

  it('reads a cookie by the pattern name=value;', () => {
    expect(readCookie('a=1; vip-go-seg=vc-v1__is-subscriber_--_yes; b=2', 'vip-go-seg')).toBe('vc-v1__is-subscriber_--_yes');
    expect(readCookie('xvip-go-seg=1', 'vip-go-seg')).toBeNull();
    expect(readCookie('vip-go-seg=%E0%A4%A', 'vip-go-seg')).toBeNull();
  });

  it('hints a subscriber only when the group says yes', () => {
    expect(subscriberHint('vip-go-seg=vc-v1__is-subscriber_--_yes', settings)).toBe(true);
    expect(subscriberHint('vip-go-seg=vc-v1__is-subscriber_--_no', settings)).toBe(false);
    expect(subscriberHint('is-subscriber=yes', settings)).toBe(false);
    expect(subscriberHint('', settings)).toBe(false);
  });

  it("records the server's answer with the cookie settings, and only when it changes", () => {
    expect(segmentUpdate('', settings, true)).toBe(
      'vip-go-seg=vc-v1__is-subscriber_--_yes; expires=Fri, 31 Dec 2999 23:59:59 GMT; path=/; SameSite=Lax',
    );
    expect(segmentUpdate('vip-go-seg=vc-v1__is-subscriber_--_yes', settings, true)).toBeNull();
    expect(segmentUpdate('', settings, false)).toBeNull();
    // a forged or stale hint is taken back; other groups stay
    expect(segmentUpdate('vip-go-seg=vc-v1__is-subscriber_--_yes', settings, false)).toBe(
      'vip-go-seg=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax',
    );
    expect(segmentUpdate('vip-go-seg=vc-v1__is-subscriber_--_yes---__region_--_us', { ...settings, domain: '.example.com' }, false)).toBe(
      'vip-go-seg=vc-v1__region_--_us; expires=Fri, 31 Dec 2999 23:59:59 GMT; path=/; domain=.example.com; SameSite=Lax',
    );
  });
});
