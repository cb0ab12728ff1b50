import { expect, test } from '@playwright/test';
import { linkFromMail, newReader, registerByApi, uniqueEmail } from './helpers';

test('a reader changes their email through the verification link', async ({ page }) => {
  const reader = newReader('change');
  await registerByApi(page.request, reader);
  const newEmail = uniqueEmail('changed');

  await page.goto('/account/settings');
  await page.getByRole('link', { name: 'Change email address' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/update-email$/);
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();

  const link = await linkFromMail(page.request, newEmail, '/account/settings/verify-email-change?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();

  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid password.' })).toBeVisible();
  await page.getByLabel('Password').fill('Wrong-Password-1');
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your password is incorrect.' })).toBeVisible();

  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();

  await page.getByRole('link', { name: 'Back to account settings' }).click();
  await expect(page.getByText(newEmail)).toBeVisible();

  // A used link is refused with the spec's words.
  await page.goto(link);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The email change link is expired.' })).toBeVisible();
});

test('asking for an address that is taken says so', async ({ page }) => {
  const other = newReader('other');
  await registerByApi(page.request, other);
  await page.context().clearCookies();
  const reader = newReader('wants-taken');
  await registerByApi(page.request, reader);

  await page.goto('/account/settings/update-email');
  await page.getByLabel('New email address').fill(other.email);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this email is already in use.' })).toBeVisible();
});

test('three wrong passwords burn the link; the reader is told and asks for a new one', async ({ page }) => {
  const reader = newReader('burn');
  await registerByApi(page.request, reader);
  const newEmail = uniqueEmail('burnt');

  await page.goto('/account/settings/update-email');
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  const link = await linkFromMail(page.request, newEmail, '/account/settings/verify-email-change?token=');

  await page.goto(link);
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    await page.getByLabel('Password').fill(`Wrong-Password-${attempt}`);
    await page.getByRole('button', { name: 'Confirm email change' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your password is incorrect.' })).toBeVisible();
  }
  await page.getByLabel('Password').fill('Wrong-Password-3');
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'this email change link no longer works' })).toBeVisible();

  // Even the right password cannot use the link now.
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'this email change link no longer works' })).toBeVisible();

  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/update-email$/);
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
  let fresh = link;
  await expect
    .poll(async () => (fresh = await linkFromMail(page.request, newEmail, '/account/settings/verify-email-change?token=')))
    .not.toBe(link);
  await page.goto(fresh);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Confirm email change' }).click();
  await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
});
