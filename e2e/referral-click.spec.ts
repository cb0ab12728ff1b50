import { expect, test } from '@playwright/test';

// Spec section 9: the referral-click cookie lasts 13 months. A friend's share link lands on a
// publisher page (or the account area) with `_saasquatch` in its address; the page keeps it.
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const THIRTEEN_MONTHS = 13 * 30.44 * 86_400;

for (const path of ['/', '/account/register']) {
  test(`a share link landing on ${path} keeps the referral for 13 months`, async ({ page, context }) => {
    const referral = { test_masthead: { 'masthead-membership': { codes: { FRIEND: 'FRIEND' } } } };
    const before = Date.now() / 1000;
    await page.goto(`${path}?_saasquatch=${encode(referral)}`);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === '_saasquatch')?.value ?? '').not.toBe('');
    const cookie = (await context.cookies()).find((c) => c.name === '_saasquatch')!;
    expect(JSON.parse(Buffer.from(cookie.value, 'base64url').toString())).toEqual(referral);
    expect(Math.abs(cookie.expires - before - THIRTEEN_MONTHS)).toBeLessThan(86_400);
    expect(cookie.sameSite).toBe('Lax');
  });
}
