import { expect, test } from '@playwright/test';
import { newReader, registerByApi } from './helpers';

test('at phone width the avatar is a plain link to settings', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await registerByApi(page.request, newReader('phone', 'Ada', 'Lovelace'));
  await page.goto('/account/settings/display');

  const avatarLink = page.getByRole('link', { name: 'Account settings' });
  await expect(avatarLink).toBeVisible();
  await expect(avatarLink).toHaveAttribute('href', '/account/settings');
  await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);
  await expect(avatarLink.locator('img')).toHaveAttribute('src', /initials=AL/);
  await avatarLink.click();
  await expect(page).toHaveURL(/\/account\/settings$/);

  // Nothing is wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on desktop the avatar opens a menu with Settings and Log out', async ({ page }) => {
  await registerByApi(page.request, newReader('desktop', 'grace brewster hopper', 'x'));
  await page.goto('/account/settings/display');
  const toggle = page.getByRole('button', { name: /account menu/i });
  await expect(toggle.locator('img')).toHaveAttribute('src', /color=%23000000&initials=GX/);
  await toggle.click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('link', { name: 'Settings' })).toBeHidden();
});

test('a logged-out reader sees a login button, but not on the login page', async ({ page }) => {
  await page.goto('/account/register');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/account/login');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('mobile-app mode hides the header for the rest of the visit', async ({ page }) => {
  await page.goto('/account/register?mobileApp=true');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.goto('/account/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
});
