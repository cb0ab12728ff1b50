// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepReferralClick, REFERRAL_CLICK_MAX_AGE } from './referralClick';

const encode = (value: object) => btoa(JSON.stringify(value)).replace(/[+/=]/g, (c) => (c === '+' ? '-' : c === '/' ? '_' : ''));
const cookie = () => /(?:^|;\s*)_saasquatch=([^;]*)/.exec(document.cookie)?.[1] ?? null;
const decoded = () => JSON.parse(atob(cookie()!.replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')))) as object;

describe('the referral click', () => {
  afterEach(() => {
    document.cookie = '_saasquatch=; max-age=0; path=/';
  });

  it('keeps a share link’s referral for 13 months, merged with the one the browser has', () => {
    const days = REFERRAL_CLICK_MAX_AGE / 86_400;
    expect(days > 395 && days < 397).toBe(true); // 13 months, not the widget library's 365 days
    const first = { test_masthead: { 'masthead-membership': { codes: { ADA: 'ADA' } } } };
    expect(keepReferralClick(`?_saasquatch=${encode(first)}`, 'localhost')).toBe(true);
    const second = { test_masthead: { 'masthead-membership': { codesExp: { ADA: 1 } } } };
    expect(keepReferralClick(`?x=1&_saasquatch=${encode(second)}`, 'localhost')).toBe(true);
    expect(decoded()).toEqual({ test_masthead: { 'masthead-membership': { codes: { ADA: 'ADA' }, codesExp: { ADA: 1 } } } });
  });

  it('leaves the cookie alone without a parameter or with one that is not base64url JSON', () => {
    expect(keepReferralClick('', 'localhost')).toBe(false);
    expect(keepReferralClick('?_saasquatch=%%%not-json', 'localhost')).toBe(false);
    expect(cookie()).toBeNull();
  });
});
