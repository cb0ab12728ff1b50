import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, type Reader } from './helpers';
import { expectFits, NARROWEST } from './reflow';
import { port, repoRoot } from './server';

/**
 * Human verification (spec section 5) through the whole system, on a server of this spec's
 * own: the shared spec server runs without a key (the challenge off, as under `make run`),
 * this one with Turnstile's always-passing test keys aimed at the local verification double
 * (its browser script and siteverify; nothing is fetched from the internet). A test makes
 * the double fail with localStorage['verification-double'] = 'fail', as its script documents.
 */
const hvPort = port + 1;
const hv = `http://127.0.0.1:${hvPort}`;
const databaseFile = `${repoRoot}var/e2e-hv-${hvPort}.db`;
const FAILED = "We couldn't confirm you're not a robot. Please try again.";
const PROOF_COOKIE = 'mh_human';
/** Set HV_SHOTS=/tmp/shots to keep 1280 and 375 px screenshots of the failure message. */
const shotsDir = process.env.HV_SHOTS;

let server: ChildProcess | undefined;

async function serving(): Promise<boolean> {
  try {
    return (await fetch(`${hv}/healthz`)).ok;
  } catch {
    return false;
  }
}

test.describe.configure({ mode: 'serial' }); // one worker, so one server of our own

test.beforeAll(async () => {
  test.setTimeout(90_000);
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${databaseFile}${suffix}`, { force: true });
  server = spawn('server/.venv/bin/python', ['-m', 'masthead.serve', '--port', String(hvPort)], {
    cwd: repoRoot,
    stdio: 'ignore',
    env: {
      ...process.env,
      MASTHEAD_DATABASE_URL: `sqlite:///${databaseFile}`,
      MASTHEAD_PUBLIC_URL: hv,
      MASTHEAD_SEED_DEMO: 'true',
      MASTHEAD_PASSWORD_HASHING: 'minimal',
      MASTHEAD_RATE_LIMIT_PER_ADDRESS: '1000',
      MASTHEAD_HUMAN_VERIFICATION_PROVIDER: 'turnstile',
      MASTHEAD_HUMAN_VERIFICATION_SITE_KEY: '1x00000000000000000000AA',
      MASTHEAD_HUMAN_VERIFICATION_SECRET: '1x0000000000000000000000000000000AA',
      MASTHEAD_HUMAN_VERIFICATION_DOUBLE: 'true',
    },
  });
  await expect.poll(serving, { timeout: 60_000, intervals: [250, 500, 1000] }).toBe(true);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

async function makeDoubleFail(page: Page, fail: boolean) {
  await page.evaluate((on) => (on ? localStorage.setItem('verification-double', 'fail') : localStorage.removeItem('verification-double')), fail);
}

async function fillRegistration(page: Page, reader: Reader) {
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password', { exact: true }).fill(reader.password);
}

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('register: a failed check is said plainly, and Try again passes', async ({ page }) => {
  const reader = newReader('hv-register');
  await page.goto(`${hv}/account/register`);
  await makeDoubleFail(page, true);
  await fillRegistration(page, reader);
  await page.getByRole('button', { name: 'Create account' }).click();

  const alert = page.getByRole('alert').filter({ hasText: FAILED });
  await expect(alert).toBeVisible();
  await expect(page).toHaveURL(/\/account\/register$/); // nothing was registered
  expect((await page.context().cookies(hv)).some((c) => c.name === PROOF_COOKIE)).toBe(false);
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'register with the failed check', [1280, NARROWEST.width]);
  await shoot(page, 'hv-register-failed');

  await makeDoubleFail(page, false);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/account\/register-success/);
  const proof = (await page.context().cookies(hv)).find((c) => c.name === PROOF_COOKIE);
  expect(proof?.httpOnly).toBe(true);
});

test('register by keyboard alone: Try again with Enter after the provider script was blocked', async ({ page }) => {
  const reader = newReader('hv-keyboard');
  const script = '**/verification-double/api.js';
  await page.route(script, (route) => route.abort()); // a blocker, or the network, stops it
  await page.goto(`${hv}/account/register`);
  await fillRegistration(page, reader);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: FAILED })).toBeVisible();

  await page.unroute(script);
  // The message sits above the form: back from Password past the three other fields.
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  for (let step = 0; step < 4; step += 1) await page.keyboard.press('Shift+Tab');
  await expect(tryAgain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/register-success/);
});

test('the server refuses register and the first payflow write without a passed check', async ({ page }) => {
  const reader = newReader('hv-guard');
  const refused = await page.request.post(`${hv}/blaize/register`, {
    data: { identifiers: { email_address: reader.email }, validators: { password: reader.password }, attributes: { 'full-name': 'Ada Lovelace' } },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).type).toBe('human-verification-required');

  // Registered through the screen (which passes the check), then the proof is gone.
  await page.goto(`${hv}/account/register`);
  await fillRegistration(page, reader);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/register-success/);
  await page.context().clearCookies({ name: PROOF_COOKIE });
  const nonce = (await (await page.request.get(`${hv}/wp-json/nyp-membership/v1/nonce`)).json()).nonce as string;
  const prepare = await page.request.post(`${hv}/wp-json/nyp-membership/v1/prepare-customer`, { headers: { 'X-WP-Nonce': nonce } });
  expect(prepare.status()).toBe(403);
  expect((await prepare.json()).type).toBe('human-verification-required');
});

test('payflow: the checkout opens only after a passed check; a failed one offers Try again', async ({ page }) => {
  const reader = newReader('hv-payflow');
  await page.goto(`${hv}/account/register`);
  await fillRegistration(page, reader);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/register-success/);

  const prepared: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/prepare-customer')) prepared.push(request.url());
  });
  await page.goto(`${hv}/account/subscribe`);
  await makeDoubleFail(page, true);
  await page.getByRole('button', { name: 'Try for free' }).click();
  await expect(page.getByText(FAILED)).toBeVisible();
  expect(prepared).toEqual([]); // no customer made without a check
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'payflow with the failed check', [1280, NARROWEST.width]);
  await shoot(page, 'hv-payflow-failed');

  await makeDoubleFail(page, false);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
  expect(prepared).toHaveLength(1);
});
