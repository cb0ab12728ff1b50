import { expect, test, type BrowserContext } from '@playwright/test';
import {
  DEMO_TENANT,
  type Library,
  decodeReferralCookie,
  encodeReferralCookie,
  openMerchantPage,
  referralCookieContent,
  uniqueId,
} from './fixtures/referrals';

// The `_saasquatch` referral cookie (spec sections 3 and 9) and autofill (section 5): the
// library stores the URL parameter, deep-merged into the cookie the browser already has;
// autofill asks the real server which codes the cookie holds.

const DAY_SECONDS = 86_400;

test('the _saasquatch URL parameter is stored as a cookie for 365 days, deep-merged into the existing one', async ({ page, baseURL, context }) => {
  if (!baseURL) throw new Error('baseURL is not configured');
  const host = new URL(baseURL).hostname;
  const oldEntries = referralCookieContent(host, 'OLDCODE')[host] as object;
  const newEntries = referralCookieContent(host, 'NEWCODE')[host] as object;
  const existing = { [host]: oldEntries, 'other.example': { kept: true }, list: [1, 2, 3] };
  const incoming = { [host]: newEntries, list: ['replaced'] };
  await context.addCookies([{ name: '_saasquatch', value: encodeReferralCookie(existing), url: baseURL }]);

  await openMerchantPage(page, baseURL, { search: `?_saasquatch=${encodeReferralCookie(incoming)}` });
  await page.evaluate((domain) => window.squatch.init({ tenantAlias: 'test_masthead', domain }), baseURL);

  const cookies = (await context.cookies(baseURL)).filter((cookie) => cookie.name === '_saasquatch');
  expect(cookies).toHaveLength(1);
  const [cookie] = cookies;
  if (!cookie) throw new Error('no _saasquatch cookie');
  // Objects merge key by key (both codes are kept); arrays are replaced.
  const hostEntries = { ...oldEntries, ...newEntries };
  expect(decodeReferralCookie(cookie.value)).toEqual({ [host]: hostEntries, 'other.example': { kept: true }, list: ['replaced'] });
  expect(Object.keys(hostEntries)).toEqual([`${DEMO_TENANT}_OLDCODE`, `${DEMO_TENANT}_NEWCODE`]);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', secure: false, httpOnly: false, domain: host });
  const days = (cookie.expires - Date.now() / 1000) / DAY_SECONDS;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365.01);

  // A parameter that is not base64url JSON leaves the cookie alone.
  await openMerchantPage(page, baseURL, { search: '?_saasquatch=not-a-cookie' });
  await page.evaluate((domain) => window.squatch.init({ tenantAlias: 'test_masthead', domain }), baseURL);
  const after = (await context.cookies(baseURL)).find((c) => c.name === '_saasquatch');
  expect(after?.value).toBe(cookie.value);
});

test('autofill puts the referral code into a field by selector, or hands the reply to a function', async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('baseURL is not configured');
  const code = uniqueId('code').replace(/[^a-z0-9]/gi, '').toUpperCase().slice(0, 20);
  const cookie = encodeReferralCookie(referralCookieContent(new URL(baseURL).hostname, code));
  await openMerchantPage(page, baseURL, { search: `?_saasquatch=${cookie}` });

  const lookup = page.waitForResponse((response) => response.url().includes('/widgets/squatchcookiejson'));
  const bySelector = await page.evaluate(async (domain) => {
    window.squatch.init({ tenantAlias: 'test_masthead', domain });
    await window.squatch.autofill('#referral-code');
    return (document.querySelector('#referral-code') as HTMLInputElement).value;
  }, baseURL);
  expect(bySelector).toBe(code);
  await expect(page.getByLabel('Referral code')).toHaveValue(code);
  const response = await lookup;
  // The library sends the cookie it stored; the server reads the codes out of it.
  expect(new URL(response.url()).searchParams.get('cookies')).toBe(cookie);
  expect(await response.json()).toEqual({ codes: [code], codesByProgramme: { 'masthead-referral': code }, code });

  const reply = await page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        window.squatch.widgets().autofill(resolve).catch(reject);
      }),
  );
  expect(reply).toEqual({ codes: [code], codesByProgramme: { 'masthead-referral': code }, code, encodedCookie: cookie });
});

/** The page's `_saasquatch` cookie, decoded, once the library has stored it. */
async function storedCookie(context: BrowserContext, baseURL: string): Promise<unknown> {
  const cookie = (await context.cookies(baseURL)).find((c) => c.name === '_saasquatch');
  return cookie && decodeReferralCookie(cookie.value);
}

for (const library of ['squatch-js', 'masthead'] as Library[]) {
  const name = library === 'masthead' ? 'Masthead’s script' : 'squatch-js 2.6.3';
  test(`a landing page that only loads ${name} stores the _saasquatch parameter, unless window.SaaSquatchDoNotAutoDrop`, async ({
    page,
    baseURL,
    context,
  }) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    // The loader snippet, nothing else: no init, no widget (merchant.html).
    const content = referralCookieContent(new URL(baseURL).hostname, 'LANDING');
    const search = `?_saasquatch=${encodeReferralCookie(content)}`;
    await openMerchantPage(page, baseURL, { library, search });
    await expect.poll(() => storedCookie(context, baseURL)).toEqual(content);

    // A page that handles the cookie itself (consent first) opts out before the script loads.
    await context.clearCookies();
    await page.addInitScript(() => {
      (window as { SaaSquatchDoNotAutoDrop?: boolean }).SaaSquatchDoNotAutoDrop = true;
    });
    await openMerchantPage(page, baseURL, { library, search });
    await page.waitForLoadState('networkidle');
    expect(await storedCookie(context, baseURL)).toBeUndefined();
    // Its own call stores it when it chooses to.
    await page.evaluate(() => (window.squatch as unknown as { pushCookie(): void }).pushCookie());
    await expect.poll(() => storedCookie(context, baseURL)).toEqual(content);
  });
}
