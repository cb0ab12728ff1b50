/**
 * The hand-off (identity/handoff): a one-time code signs a reader in on another site: from a
 * code in the browser, from the publisher's app (mobile-app mode at /account/appsubscribe),
 * and from one brand's site to another's at sign-in. The screen by keyboard, to axe, at 320 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, submitLogin } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';
import { origin, port } from './server';

const GOSSIP = `http://gossip.localhost:${port}`;

async function mint(request: APIRequestContext, data: object, headers: Record<string, string> = {}): Promise<{ code: string; url: string }> {
  const response = await request.post('/blaize/handoff', { data, headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { code: string; url: string };
}

test('a code minted elsewhere signs the browser in and lands where it says', async ({ page, request }) => {
  const reader = newReader('handoff-code');
  await registerByApi(request, reader); // another client: its session is not the page's
  const { url } = await mint(request, { brand: 'main', redirect: '/account/settings/feedback' });
  expect(url.startsWith(`${origin}/account/handoff?code=`)).toBe(true);

  await page.goto(url);
  await expect(page).toHaveURL(`${origin}/account/settings/feedback`);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  const account = await page.request.get('/blaize/account');
  expect(((await account.json()) as { identifiers: { email_address: string } }).identifiers.email_address).toBe(reader.email);

  // The same link again: spent, said so, with the way to the login page.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This sign-in link has expired or was already used. Please log in instead.');
});

test('the hand-off screen: axe, keyboard and narrow widths', async ({ page }) => {
  await page.goto('/account/handoff?code=not-a-real-code');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // By keyboard: from the page's start to the way out of it.
  const login = page.getByRole('main').getByRole('link', { name: 'Log in' });
  for (let presses = 0; presses < 15 && !(await login.evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(login).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.goto('/account/handoff?code=not-a-real-code');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectFits(page, 'the hand-off screen', PHONE_WIDTHS);
});

test('the app hands its reader to the payflow in mobile-app mode', async ({ page, playwright }) => {
  const reader = newReader('handoff-app');
  const app = await playwright.request.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
  try {
    await registerByApi(app, reader);
    const login = await app.post('/blaize/login', {
      data: { identifiers: { email_address: reader.email }, validators: { password: reader.password } },
    });
    const { cookie } = (await login.json()) as { cookie: string };
    const session = cookie.split(';')[0]!; // zephrSessionId=…, as the app keeps it
    const { url } = await mint(app, { app: true, redirect: '/account/appsubscribe' }, { Cookie: session });
    expect(new URL(url).searchParams.get('mobileApp')).toBe('true');

    await page.goto(url);
    await expect(page).toHaveURL(`${origin}/account/appsubscribe`);
    await expect(page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem')).toHaveCount(3);
    // Mobile-app mode: the app draws its own chrome, so no header with log in or log out.
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /log out/i })).toHaveCount(0);
  } finally {
    await app.dispose();
  }
});

test("signing in on the main site signs the reader in on the gossip site, and out together", async ({ page }) => {
  const reader = newReader('handoff-brands');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/login');
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL(`${origin}/account/settings`);

  await page.goto(`${GOSSIP}/account/settings`);
  await expect(page).toHaveURL(`${GOSSIP}/account/settings`); // not sent to log in
  await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');

  // One sign-in, one sign-out: logging out on the gossip site ends the main site's session.
  // (The page's own call: Node's resolver does not know *.localhost, the browser does.)
  const status = await page.evaluate(async () => (await fetch('/blaize/logout', { method: 'POST' })).status);
  expect(status).toBe(200);
  await page.goto(`${origin}/account/settings`);
  await expect(page).toHaveURL(`${origin}/account/login`);
});
