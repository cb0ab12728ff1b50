import { expect, test } from '@playwright/test';
import { newReader, registerByApi, submitLogin } from './helpers';
import { origin } from './server';

test('a guarded page sends the reader to login and back again afterwards', async ({ page }) => {
  const reader = newReader('guard');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/settings/display');
  await expect(page).toHaveURL(/\/account\/login$/);
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL(/\/account\/settings\/display$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Display settings' })).toBeVisible();
});

test('/account goes to login or settings', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/login$/);
  await registerByApi(page.request, newReader('index'));
  await page.goto('/account');
  await expect(page).toHaveURL(/\/account\/settings$/);
  await page.goto('/account/register');
  await expect(page).toHaveURL(/\/account\/settings$/);
});

const HOSTILE_REDIRECTS = [
  'https://evil.example',
  '//evil.example',
  'javascript:alert(1)',
  '/account/login',
  'https://nypost.com@evil.example/',
  // Dot segments and encodings that `new URL` turns into "//evil.example" (issue 11, item 9).
  '/..//evil.example',
  '/%2e%2e//evil.example',
  '/.%2e//evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
];

const BRAND_HOP = new RegExp(`^http://(gossip|lifestyle)\\.localhost:${new URL(origin).port}/blaize/handoff/hop\\?`);

// One reader and one page for every case (a step each, named in a failure): each case signs
// in afresh from a login page that carries the hostile redirect.
test('every hostile redirect is refused: the reader lands on settings, and nothing leaves the site', async ({ page }) => {
  const reader = newReader('hostile');
  await registerByApi(page.request, reader);
  const offSite: string[] = [];
  page.on('request', (request) => {
    // The sign-in's hops through our other brands' sites (identity/handoff) stay with us.
    if (!request.url().startsWith(`${origin}/`) && !BRAND_HOP.test(request.url())) offSite.push(request.url());
  });
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });

  for (const hostile of HOSTILE_REDIRECTS) {
    await test.step(`redirect=${hostile}`, async () => {
      await page.context().clearCookies();
      await page.goto(`/account/login?${new URLSearchParams({ redirect: hostile })}`);
      await submitLogin(page, reader.email, reader.password);
      await expect(page).toHaveURL(`${origin}/account/settings`);
      await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
      expect(offSite, hostile).toEqual([]);
      expect(dialogs, hostile).toBe(0);
    });
  }
});

test('a redirect to an allowed publisher site is followed', async ({ page }) => {
  const reader = newReader('allowed');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();
  // No real network here: answer for nypost.com locally.
  await page.route('https://nypost.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Story</title><h1>The story</h1>' }),
  );

  await page.goto(`/account/login?${new URLSearchParams({ redirect: 'https://nypost.com/2026/11/22/story/' })}`);
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL('https://nypost.com/2026/11/22/story/');
});

test('redirect=referrer goes back to the previous page on this site', async ({ page }) => {
  const reader = newReader('referrer');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/login?redirect=referrer', { referer: `${origin}/account/settings/display` });
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL(/\/account\/settings\/display$/);
});
