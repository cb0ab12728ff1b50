import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { seriousViolations } from './axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newReader, registerByApi, siteNonceHeaders, submitLogin, type Reader } from './helpers';
import { databaseUrl, origin, repoRoot } from './server';

const TENANT = 'test_masthead';
const REFER_FRAME = 'Refer a friend: your referral link, referrals and rewards';
const REWARDS_FRAME = 'My rewards: your referral reward';
const SHOTS = '/tmp/shots';

/**
 * The demo referral tenant. The e2e server starts with --no-seed; when the tenant is missing,
 * the server's own idempotent seed (masthead.referrals.seed) creates it in the e2e database.
 */
async function ensureDemoTenant(request: APIRequestContext): Promise<void> {
  const exists = async () => (await request.get(`/a/${TENANT}/widgets/squatchcookiejson`)).status() !== 404;
  if (await exists()) return;
  const seed = [
    'from masthead.deps import build_runtime',
    'from masthead.referrals.seed import seed_referrals',
    'from masthead.settings import Settings',
    'seed_referrals(build_runtime(Settings(worker="off")))',
  ].join('\n');
  const run = promisify(execFile);
  const env = { ...process.env, MASTHEAD_DATABASE_URL: databaseUrl, MASTHEAD_PUBLIC_URL: origin };
  // Two workers may seed at once: the loser's insert fails, and the tenant is there anyway.
  for (let attempt = 0; attempt < 3 && !(await exists()); attempt += 1) {
    await run(`${repoRoot}server/.venv/bin/python`, ['-c', seed], { cwd: `${repoRoot}server`, env }).catch(() => undefined);
  }
  expect(await exists(), `the referral tenant ${TENANT} exists`).toBe(true);
}


/** The referral code of the signed-in reader, from the referral service itself (an upsert with their JWT). */
async function referralCode(request: APIRequestContext): Promise<string> {
  const access = await request.get('/wp-json/nyp-membership/v1/saasquatch_jwt', { headers: await siteNonceHeaders(request) });
  expect(access.status()).toBe(200);
  const { jwt, user } = (await access.json()) as { jwt: string; user: { id: string; accountId: string } };
  const upsert = await request.put(`/api/v1/${TENANT}/widget/account/${user.accountId}/user/${user.id}/upsert`, {
    headers: { 'X-SaaSquatch-User-Token': jwt },
    data: {},
  });
  expect(upsert.status(), await upsert.text()).toBe(200);
  return ((await upsert.json()) as { user: { referralCode: string } }).user.referralCode;
}

/**
 * Refer a friend is for members with a payment method (routes.tsx): the annual plan, paid
 * through the API with the sandbox's Visa, as the payflow would.
 */
async function becomeMember(request: APIRequestContext): Promise<void> {
  const response = await request.post('/blaize/payment/braintree/subscribe', {
    data: { payment_nonce: 'fake-valid-visa-nonce', plan_id: 'sports-annual', product_id: 'sports-membership' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Desktop and 375px screenshots. Not `fullPage`: Chromium's full-page capture paints the
 * sandboxed (out-of-process) frame wrongly, so the viewport is made as tall as the page.
 */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const [width, label] of [
    [desktop.width, 'desktop'],
    [375, '375'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.locator('iframe[title]')).toBeVisible();
    const height = await settledHeight(page); // the frame reports its new height
    await page.setViewportSize({ width, height });
    await settledHeight(page);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  await page.setViewportSize(desktop);
}

/** The page's height once two readings 100 ms apart agree (the frame has reported its own). */
async function settledHeight(page: Page): Promise<number> {
  let last = -1;
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const settled = height === last;
        last = height;
        return settled;
      },
      { intervals: [100] },
    )
    .toBe(true);
  return last;
}

test.beforeAll(async ({ request }) => {
  await ensureDemoTenant(request);
});

test.describe('with the clipboard', () => {
  // Granted as an option, not by context.grantPermissions: the config's reused context would
  // keep a grant made during a test for the tests after it.
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a reader copies their share link on Refer a friend and sees My rewards', async ({ page }) => {
    const reader: Reader = newReader('refer', 'Ada', 'Lovelace');
    await registerByApi(page.request, reader);
    await becomeMember(page.request);
    await page.goto('/account/settings');

    await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'Refer a friend' }).click();
    await expect(page).toHaveURL(/\/account\/settings\/refer-a-friend$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Refer a friend' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Your referral link, referrals and rewards' })).toBeAttached();

    const frame = page.frameLocator(`iframe[title="${REFER_FRAME}"]`);
    const link = frame.getByLabel('Your referral link');
    await expect(link).toHaveValue(new RegExp(`^${origin.replaceAll('.', '\\.')}/a/${TENANT}/r/ADALOVELACE[A-Z2-9]{4}$`));
    await expect(link).toHaveAttribute('readonly', '');
    const code = await referralCode(page.request);
    await expect(link).toHaveValue(new RegExp(`/r/${code}$`));
    await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
    await expect(frame.getByText('Hi Ada!')).toBeVisible();

    await frame.getByRole('button', { name: 'Copy' }).click();
    await expect(frame.getByRole('status')).toHaveText(/Copied to the clipboard\.|Press Ctrl\+C/);
    const copied = await page.evaluate(() => navigator.clipboard.readText().catch(() => ''));
    if (copied) expect(copied).toMatch(new RegExp(`/r/${code}$`));

    // The frame is as tall as its content: the share buttons and stats are not cut off.
    const box = await page.locator(`iframe[title="${REFER_FRAME}"]`).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(400);
    await expect(frame.getByRole('link', { name: 'Share by email' })).toBeVisible();

    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'refer-a-friend');

    // An embedded widget is part of the page: it has no close button that could collapse it.
    await expect(frame.getByRole('button', { name: 'Close' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'My rewards' }).click();
    await expect(page).toHaveURL(/\/account\/settings\/my-rewards$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My rewards' })).toBeVisible();
    const rewards = page.frameLocator(`iframe[title="${REWARDS_FRAME}"]`);
    await expect(rewards.getByRole('heading', { name: 'Your reward' })).toBeVisible();
    await expect(rewards.getByText('There is no referral reward waiting for you.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'my-rewards');

    // The same participant both times: the link did not change.
    await page.getByRole('link', { name: 'Refer a friend' }).first().click();
    await expect(page.frameLocator(`iframe[title="${REFER_FRAME}"]`).getByLabel('Your referral link')).toHaveValue(new RegExp(`/r/${code}$`));
  });
});

test('an anonymous visit goes to login and comes back to the page', async ({ page, request }) => {
  const reader = newReader('refer-login', 'Grace', 'Hopper');
  await registerByApi(request, reader); // in a context of its own: the page stays logged out
  await becomeMember(request);

  for (const [path, heading] of [
    ['/account/settings/refer-a-friend', 'Refer a friend'],
    ['/account/settings/my-rewards', 'My rewards'],
  ] as const) {
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page).toHaveURL(/\/account\/login$/);
    await submitLogin(page, reader.email, reader.password);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('iframe[title]')).toBeVisible();
  }
  await expect(page.frameLocator(`iframe[title="${REWARDS_FRAME}"]`).getByRole('heading', { name: 'Your reward' })).toBeVisible();
});

test('a reader who joined through a friend’s link sees that reward on My rewards', async ({ page, browser }) => {
  // The friend, in a browser context of their own, and their share link.
  const friendContext = await browser.newContext();
  await registerByApi(friendContext.request, newReader('referrer', 'Rosa', 'Parks'));
  const code = await referralCode(friendContext.request);
  await friendContext.close();

  // Following the link lands with the _saasquatch parameter; a landing page's widget script
  // stores it as the referral cookie, which is what this step does.
  const landing = await page.request.get(`/a/${TENANT}/r/${code}`, { maxRedirects: 0 });
  expect(landing.status()).toBe(302);
  const value = new URL(landing.headers().location ?? '', origin).searchParams.get('_saasquatch');
  expect(value).toBeTruthy();
  await page.context().addCookies([{ name: '_saasquatch', value: value ?? '', url: `${origin}/` }]);

  await registerByApi(page.request, newReader('referred', 'Ida', 'Wells'));
  await page.goto('/account/settings/my-rewards');
  const rewards = page.frameLocator(`iframe[title="${REWARDS_FRAME}"]`);
  await expect(rewards.getByRole('heading', { name: 'A friend referred you' })).toBeVisible();
  await expect(rewards.getByText('Start your membership to get your reward: Your first month free.')).toBeVisible();
});

test('a referral service that is unavailable shows a message and a working retry', async ({ page }) => {
  await registerByApi(page.request, newReader('refer-error'));
  await becomeMember(page.request);
  let fail = true;
  await page.route('**/wp-json/nyp-membership/v1/saasquatch_jwt', (route) =>
    fail
      ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ type: 'forbidden', message: 'Referrals are switched off.' }) })
      : route.continue(),
  );
  await page.goto('/account/settings/refer-a-friend');
  await expect(page.getByRole('alert').filter({ hasText: 'Referrals are switched off.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/refer-a-friend-error-desktop.png` });

  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.frameLocator(`iframe[title="${REFER_FRAME}"]`).getByLabel('Your referral link')).toHaveValue(/\/r\/ADALOVELACE/);

  // A refusal by the referral service itself (here: an expired JWT) is explained too.
  await page.route(`**/api/v1/${TENANT}/widget/**`, (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'unauthorized', message: 'The user token has expired.', apiErrorCode: 'INVALID_TOKEN', rsCode: 'RS1411', statusCode: 401 }),
    }),
  );
  await page.getByRole('link', { name: 'My rewards' }).first().click();
  const alert = page.getByRole('alert').filter({ hasText: "Sorry, we couldn't load the referral program." });
  await expect(alert).toContainText('The user token has expired. (Error code RS1411)');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.screenshot({ path: `${SHOTS}/my-rewards-error-375.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.unroute(`**/api/v1/${TENANT}/widget/**`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.frameLocator(`iframe[title="${REWARDS_FRAME}"]`).getByRole('heading', { name: 'Your reward' })).toBeVisible();
});
