import { expect, test } from '@playwright/test';
import { JOURNEY } from './journeys';
import { linkFromMail, newReader, registerByApi, submitLogin } from './helpers';

test('a reader resets a forgotten password through the mailed link', JOURNEY, async ({ page }) => {
  const reader = newReader('reset');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password$/);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: reader.email })).toBeVisible();

  const link = await linkFromMail(page.request, reader.email, '/account/reset-password?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();

  await page.getByLabel('New password').fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters with one uppercase letter.' }),
  ).toBeVisible();

  // Meets the minimum but is on the breach lists: the server's reason is shown.
  await page.getByLabel('New password').fill('P@ssw0rd1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'appears in lists of passwords exposed in data breaches' })).toBeVisible();

  const newPassword = 'Brand-New-Pass-2';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password').fill('Another-Pass-3');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, there was a problem resetting your password.' })).toBeVisible();

  await page.goto('/account/login');
  await submitLogin(page, reader.email, reader.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this is the wrong email or password.' })).toBeVisible();
  await submitLogin(page, reader.email, newPassword);
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('asking to reset an unknown address shows the reset problem message', async ({ page }) => {
  await page.goto('/account/forgot-password');
  await page.getByLabel('Email address').fill('nobody-at-all@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, there was a problem resetting your password.' })).toBeVisible();
});
