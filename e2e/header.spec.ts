import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';
import { port } from './server';

/**
 * The account area's header is the site's own: the brand of the host the reader came from
 * (name, colours, a link home to the news site) and, at every width, a way to log out.
 */

const banner = (page: Page) => page.getByRole('banner');

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('at phone width the avatar goes to settings and a menu beside it has Log out', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerByApi(page.request, newReader('phone', 'Ada', 'Lovelace'));
  await page.goto('/account/settings/display');

  const avatarLink = banner(page).getByRole('link', { name: 'Account settings' });
  await expect(avatarLink).toBeVisible();
  await expect(avatarLink).toHaveAttribute('href', '/account/settings');
  await expect(avatarLink.locator('img')).toHaveAttribute('src', /initials=AL/);
  await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);
  await expectNoSidewaysScroll(page);

  const menu = banner(page).getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(banner(page).getByRole('link', { name: 'The Masthead home' })).toHaveAttribute('href', '/');
  await expectNoSidewaysScroll(page);
  await banner(page).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/login/); // logged out for real

  // And the avatar link still goes to settings.
  await registerByApi(page.request, newReader('phone-again'));
  await page.goto('/account/settings/display');
  await banner(page).getByRole('link', { name: 'Account settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('at 320px the header fits and its controls are at least 24px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  // The longest brand name, on its own host (the session cookie is that host's).
  await page.goto(`http://lifestyle.localhost:${port}/account/register`);
  const reader = newReader('narrow', 'Grace', 'Hopper');
  const status = await page.evaluate(async ({ email, password }) => {
    const body = { identifiers: { email_address: email }, validators: { password }, attributes: { 'full-name': 'Grace Hopper' } };
    const response = await fetch('/blaize/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return response.status;
  }, reader);
  expect(status).toBe(200);
  await page.goto(`http://lifestyle.localhost:${port}/account/settings/display`);
  await expect(banner(page).getByRole('link', { name: 'The Good Life' })).toBeVisible();
  await banner(page).getByRole('button', { name: 'Menu' }).click();
  await expectNoSidewaysScroll(page);
  for (const control of await banner(page).locator('a:visible, button:visible').all()) {
    const box = (await control.boundingBox())!;
    expect(box.width, await control.innerText()).toBeGreaterThanOrEqual(24);
    expect(box.height, await control.innerText()).toBeGreaterThanOrEqual(24);
  }
});

test('on desktop the avatar opens a menu with Settings, the way home and Log out', async ({ page }) => {
  await registerByApi(page.request, newReader('desktop', 'grace brewster hopper', 'x'));
  await page.goto('/account/settings/display');
  const toggle = page.getByRole('button', { name: /account menu/i });
  await expect(toggle.locator('img')).toHaveAttribute('src', /color=%23000000&initials=GX/);
  await toggle.click();
  await expect(banner(page).getByRole('link', { name: 'The Masthead home' })).toHaveAttribute('href', '/');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeHidden();
  // Right after a navigation the new screen moves focus to its heading (once it has loaded),
  // which closes a menu opened a moment before: open it again then, as a reader would.
  // A click that lands just as the menu closes does nothing: then try again.
  await expect(async () => {
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await banner(page).getByRole('button', { name: 'Log out' }).click({ timeout: 1_000 });
    await expect(page).toHaveURL(/\/account\/login$/, { timeout: 2_000 });
  }).toPass();
});

test("the brand's name leads back to the news site, at every width", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/account/register');
    await banner(page).getByRole('link', { name: 'The Masthead', exact: true }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Latest from The Masthead' })).toBeVisible();
  }
});

test('the header wears the brand of the host the reader came from', async ({ page }) => {
  await page.goto(`http://gossip.localhost:${port}/account/register`);
  const brand = banner(page).getByRole('link', { name: 'The Scoop', exact: true });
  await expect(brand).toHaveAttribute('href', '/');
  // The Scoop's primary colour (#b0175a), on the bar and on the account area's buttons.
  await expect(banner(page)).toHaveCSS('background-color', 'rgb(176, 23, 90)');
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCSS('background-color', 'rgb(176, 23, 90)');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon/gossip.svg');
});

test('a logged-out reader sees a login button, but not on the login page', async ({ page }) => {
  await page.goto('/account/register');
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/account/login');
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(banner(page).getByRole('link', { name: 'The Masthead', exact: true })).toBeVisible();
});

test('mobile-app mode hides the header for the rest of the visit', async ({ page }) => {
  await page.goto('/account/register?mobileApp=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/account/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});
