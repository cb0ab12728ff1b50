import { expect, test } from '@playwright/test';
import { newReader, registerByApi, submitLogin } from './helpers';

test('a reader edits the profile and sees it saved', async ({ page }) => {
  await registerByApi(page.request, newReader('profile', 'Ada', 'Lovelace'));
  await page.goto('/account/settings');

  await page.getByLabel('Full name').fill('Augusta Ada King');
  await page.getByLabel('Phone number').fill('+1 212 555 0100');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details have been saved.' })).toBeVisible();
  // The header avatar follows the new name.
  await expect(page.getByRole('button', { name: /account menu/i }).locator('img')).toHaveAttribute('src', /initials=AK/);

  await page.getByLabel('Display name').fill('countess');
  await page.getByLabel('Avatar colour').fill('#1f6f43');
  await expect(page.locator('.colour-picker__preview img')).toHaveAttribute('src', /color=%231f6f43/);
  await page.getByLabel('Bio').fill('Analyst.');
  await page.getByLabel('Location').fill('London');
  await page.getByLabel('Private profile').check();
  await page.getByRole('button', { name: 'Save public profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your public profile has been saved.' })).toBeVisible();
  // The publisher's tag manager hears which parts of the profile were customised.
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
  expect(events).toContainEqual({
    event: 'profileCustomized',
    fields: expect.arrayContaining(['display-name', 'avatar-color', 'bio', 'location', 'private-profile']),
  });

  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Augusta Ada King');
  await expect(page.getByLabel('Display name')).toHaveValue('countess');
  await expect(page.getByLabel('Avatar colour')).toHaveValue('#1f6f43');
  await expect(page.getByLabel('Private profile')).toBeChecked();
  await expect(page.getByLabel('Location')).toHaveValue('London');
});

test('a reader changes the password from settings', async ({ page }) => {
  const reader = newReader('change-password');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings');

  await page.getByLabel('Current password').fill('Not-My-Password-1');
  await page.getByLabel('New password').fill('weak');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters with one uppercase letter.' }),
  ).toBeVisible();

  await page.getByLabel('New password').fill('Better-Password-4');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "Sorry, your current password didn't match. Try again." })).toBeVisible();

  await page.getByLabel('Current password').fill(reader.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/account/login');
  await submitLogin(page, reader.email, 'Better-Password-4');
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('a screen whose chunk fails to load offers a retry', async ({ page }) => {
  await registerByApi(page.request, newReader('chunk'));
  let block = true;
  await page.route(/\/static\/assets\/DisplaySettingsScreen-[^/]+\.js$/, (route) => (block ? route.abort() : route.continue()));

  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.getByRole('link', { name: 'Display', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Loading chunk display-settings failed.' })).toBeVisible();

  block = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Display settings' })).toBeVisible();
});
