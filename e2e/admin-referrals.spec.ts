/**
 * Referral programmes in the staff console (issue 14), as a marketing member: a new tenant
 * with an allowed origin, a programme with its rewards, a code bank uploaded as CSV (a bad
 * file refused with its line numbers), the key rotated after a fresh code; and the merchant's
 * page then runs the widget of the new tenant, with the new key, not the old one.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { encodeReferralCookie, openMerchantPage, renderWidget, signUserJwt, uniqueId, widgetFrame } from './fixtures/referrals';
import { PHONE_WIDTHS, expectFits } from './reflow';
import { freshCode, signInInBrowser, staffAccount } from './staff';

/** The merchant's site: Playwright answers its pages (fixtures/referrals.ts), no server runs
 * there. Chromium treats such a page as public, and asks before it may call a loopback address
 * (Local Network Access): the permission is granted below, as in referrals-squatch-js.spec.ts. */
const MERCHANT = 'http://localhost:8749';
test.use({ permissions: ['local-network-access'] });

const codesFile = (codes: string[], header = true) => ({
  name: 'codes.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${header ? 'code\n' : ''}${codes.join('\n')}\n`),
});

async function addTenant(page: Page, alias: string, name: string): Promise<string> {
  const form = page.getByRole('region', { name: 'Add a tenant' });
  await form.getByLabel('Alias').fill(alias);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Allowed origins').fill(MERCHANT);
  await form.getByRole('button', { name: 'Add the tenant' }).click();
  const panel = page.getByRole('region', { name: `${name} is added: copy its API key` });
  await expect(panel.getByRole('heading')).toBeFocused();
  return panel.getByLabel('API key').inputValue();
}

async function addProgramme(page: Page, slug: string) {
  await page.getByRole('link', { name: 'Add a programme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a programme' })).toBeVisible();
  await page.getByLabel('Programme id').fill(slug);
  await page.getByLabel('Name', { exact: true }).fill('Friends of the shop');
  await page.getByLabel('Referrer’s reward').fill('A tote bag');
  await page.getByLabel('Friend’s reward').fill('20% off your first order');
  await page.getByLabel('Landing page').fill(`${MERCHANT}/join`);
  await page.getByRole('button', { name: 'Add the programme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Friends of the shop' })).toBeVisible();
  await expect(page.getByText('The programme Friends of the shop is saved.')).toBeVisible();
}

/** Through the widget API, as the merchant's pages and server would: `ref` refers `friend`,
 * who then buys (the server's purchase event, with the tenant's key). */
async function referAndConvert(request: APIRequestContext, alias: string, programme: string, key: string, friend: string) {
  const upsert = (id: string, extra: Record<string, unknown> = {}) =>
    request.put(`/api/v1/${alias}/widget/account/${id}/user/${id}/upsert`, {
      params: { widgetType: 'REFERRER_WIDGET', engagementMedium: 'POPUP' },
      data: { id, accountId: id, email: `${id}@example.com`, ...extra },
      headers: { 'X-SaaSquatch-User-Token': signUserJwt({ user: { id, accountId: id } }, key) },
    });
  const referrer = await upsert('ref');
  expect(referrer.status(), await referrer.text()).toBe(200);
  const code = ((await referrer.json()) as { user: { referralCode: string } }).user.referralCode;
  const expires = Math.floor(Date.now() / 1000) + 86_400;
  const cookie = encodeReferralCookie({ localhost: { [`${alias}_${code}`]: { codes: { [programme]: code }, codesExp: { [code]: expires } } } });
  expect((await upsert(friend, { cookies: cookie })).status()).toBe(200);
  const bought = await request.post(`/api/v1/${alias}/open/account/${friend}/user/${friend}/events`, {
    data: { accountId: friend, userId: friend, events: [{ key: 'purchase' }] },
    headers: { Authorization: `Basic ${Buffer.from(`:${key}`).toString('base64')}` },
  });
  expect(bought.status(), await bought.text()).toBe(200);
}

test('marketing onboards a merchant: tenant, programme, code bank, key rotation; the widget runs', async ({ page, baseURL, request }) => {
  test.setTimeout(120_000);
  const account = staffAccount('referrals');
  const alias = uniqueId('shop');
  const name = `Shop ${alias.slice(-5)}`;
  await signInInBrowser(page, account);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Referral programmes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Referral programmes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A path is not an origin: said before anything is sent.
  const form = page.getByRole('region', { name: 'Add a tenant' });
  await form.getByLabel('Allowed origins').fill(`${MERCHANT}/shop`);
  await form.getByRole('button', { name: 'Add the tenant' }).click();
  await expect(form.getByText(/^Line 1: ".*" has a path, query or fragment/)).toBeVisible();

  const firstKey = await addTenant(page, alias, name);
  expect(firstKey.length).toBeGreaterThanOrEqual(43);
  await page.getByRole('button', { name: 'Copy the key' }).click();
  await expect(page.getByText(/^The key is (copied|selected)/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: `Go to ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`…${firstKey.slice(-4)}`)).toBeVisible();

  // A programme with its rewards, then its code bank.
  await addProgramme(page, 'friends');
  const upload = page.getByLabel('CSV file of codes');
  await upload.setInputFiles(codesFile(['E2E-0001', 'not a code', 'e2e-0001']));
  await expect(page.getByText('codes.csv cannot be uploaded: 2 lines have problems.')).toBeVisible();
  await expect(page.getByText('Line 3: "not a code" is not a code')).toBeVisible();
  await expect(page.getByText('Line 4: "e2e-0001" is already on line 2.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add \d+ codes$/ })).toHaveCount(0);

  const codes = Array.from({ length: 30 }, (_, n) => `${alias.slice(-5)}-${String(n + 1).padStart(4, '0')}`.toUpperCase());
  await upload.setInputFiles(codesFile(codes));
  await expect(page.getByText(`codes.csv: 30 codes under a header row, starting ${codes.slice(0, 3).join(', ')}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Add 30 codes' }).click();
  await expect(page.getByText('Added 30 codes from codes.csv. 30 are left.')).toBeVisible();
  const left = page.getByRole('region', { name: 'Code bank' }).getByRole('definition');
  await expect(left).toHaveText(['30', '0', '30']); // left, given, in all

  // The server checks against the bank too, and names the line it refuses.
  await upload.setInputFiles(codesFile([`${alias.slice(-5)}-9999`.toUpperCase(), codes[0]!.toLowerCase()]));
  await page.getByRole('button', { name: 'Add 2 codes' }).click();
  await expect(page.getByText('Nothing was added: 1 line has a problem (line 3). Correct the file and upload it again.')).toBeVisible();
  await expect(page.getByText(`Line 3: "${codes[0]!.toLowerCase()}" is in this tenant's code banks already.`)).toBeVisible();
  await expect(left).toHaveText(['30', '0', '30']);
  expect(await seriousViolations(page)).toEqual([]);

  // The merchant's page runs the new tenant's widget (test mode: no user JWT needed).
  const merchant = await page.context().newPage();
  await openMerchantPage(merchant, baseURL, { origin: MERCHANT });
  const id = uniqueId('buyer');
  const shown = await renderWidget(merchant, baseURL, 'embed', { tenantAlias: alias, config: { user: { id, accountId: id }, engagementMedium: 'EMBED' } });
  expect(shown.error).toBeUndefined();
  await expect(widgetFrame(merchant, '#squatchembed').getByText('20% off your first order').first()).toBeVisible();

  // Live mode, then a new key: the console asks for a fresh code first. (The sign-in's own
  // code still counts for 5 minutes, so the server's first refusal is played here; the
  // refusal itself is the server's, proven in tests/referrals/programmes.)
  await page.getByRole('link', { name }).click();
  await page.getByRole('radio', { name: /^Live/ }).check();
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText('The tenant is saved.', { exact: false })).toBeVisible();
  let refusedOnce = false;
  await page.route(`**/admin/api/referral-tenants/${alias}/key`, async (route) => {
    if (refusedOnce) return route.continue();
    refusedOnce = true;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'reauthentication-required', message: 'Please enter a code from your authenticator app to confirm this change.' }),
    });
  });
  await page.getByRole('button', { name: 'Rotate the key' }).click();
  await expect(page.getByText('The current key stops working at once')).toBeVisible();
  await page.getByRole('button', { name: 'Rotate the key now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill(await freshCode(account));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const panel = page.getByRole('region', { name: 'The new API key: copy it now' });
  await expect(panel).toBeVisible();
  const newKey = await panel.getByLabel('API key').inputValue();
  expect(newKey).not.toBe(firstKey);
  await expect(page.getByText(`…${newKey.slice(-4)}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The widget: a user JWT signed with the old key is refused now, the new key's accepted.
  const user = { id: uniqueId('member'), accountId: uniqueId('account') };
  const old = await renderWidget(merchant, baseURL, 'old', { tenantAlias: alias, config: { user, jwt: signUserJwt({ user }, firstKey), engagementMedium: 'EMBED' } });
  expect(old.error).toMatchObject({ apiErrorCode: 'INVALID_TOKEN' });
  const fresh = await renderWidget(merchant, baseURL, 'new', { tenantAlias: alias, config: { user, jwt: signUserJwt({ user }, newKey), engagementMedium: 'EMBED' } });
  expect(fresh.error).toBeUndefined();
  expect(fresh.user).toMatchObject({ id: user.id });

  // A referral converted by the merchant's server (with the new key) is in the list, with the
  // friend's code from the bank.
  await referAndConvert(request, alias, 'friends', newKey, 'friend-1');
  await page.getByRole('link', { name: `See the referrals of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Referrals of ${name}` })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'referred friend-1@example.com' });
  await expect(item.locator('.referrals-status')).toHaveText('Converted');
  await expect(item.getByText(`Friend: 20% off your first order with the code ${codes[0]}`)).toBeVisible();
  await page.getByLabel('Status').selectOption('PENDING');
  await expect(page.getByText('No referrals match these filters.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a reader without a staff role gets 403 from the referral screens and their API', async ({ page }) => {
  await registerByApi(page.request, newReader('no-role-referrals'));
  for (const path of ['/admin/referrals', '/admin/referrals/test_masthead', '/admin/referrals/test_masthead/referrals']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This account has no staff role' })).toBeVisible();
  }
  for (const path of ['/admin/api/referral-tenants', '/admin/api/referral-tenants/test_masthead/programmes']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(403);
    expect(await answer.json()).toEqual({ type: 'forbidden', message: 'This account has no staff role.' });
  }
});

test.describe('at phone widths', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every referral screen fits 375 and 320 px, with targets of 24 px', async ({ page }) => {
    test.setTimeout(90_000);
    const account = staffAccount('referrals-phone');
    const alias = uniqueId('phone-shop-with-a-rather-long-alias');
    const name = 'A merchant with a long name that has to wrap on a phone';
    await signInInBrowser(page, account);
    await page.goto('/admin/referrals');
    await addTenant(page, alias, name);
    await page.getByRole('link', { name: `Go to ${name}` }).click();
    await addProgramme(page, 'friends');
    await page.getByLabel('CSV file of codes').setInputFiles(codesFile(['PHONE-0001', 'x']));
    await expect(page.getByText('Line 3: "x" is not a code', { exact: false })).toBeVisible();
    const screens = [
      ['the tenants', '/admin/referrals'],
      ['the tenant', `/admin/referrals/${alias}`],
      ['the programme', `/admin/referrals/${alias}/programmes/friends`],
      ['a new programme', `/admin/referrals/${alias}/programmes/new`],
      ['the referrals', `/admin/referrals/${alias}/referrals`],
    ] as const;
    for (const [screen, path] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.spinner')).toHaveCount(0);
      await expectFits(page, screen, PHONE_WIDTHS);
    }
    await page.goto(`/admin/referrals/${alias}`);
    await page.getByRole('button', { name: 'Rotate the key' }).click();
    await expectFits(page, 'the rotation question');
  });
});
