import { expect, test } from '@playwright/test';
import { JOURNEY } from './journeys';
import { newReader, registerByApi, submitLogin } from './helpers';

test('a reader registers, lands on settings, logs out and logs in again', JOURNEY, async ({ page }) => {
  const reader = newReader('register', 'Grace', 'Hopper');

  await page.goto('/account/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/register-success$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your account settings' }).click();

  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByText(reader.email)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/login$/);

  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByText(reader.email)).toBeVisible();
});

test('registering an address that is taken says so', async ({ page }) => {
  const reader = newReader('taken');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/register');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill('Another-Pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this email is already in use.' })).toBeVisible();
});

test('the forms check their fields before sending', async ({ page }) => {
  await page.goto('/account/register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill out all form fields.' })).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByLabel('Password').fill('lowercase-only');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters with one uppercase letter.' }),
  ).toBeVisible();

  await page.goto('/account/login');
  await page.getByLabel('Email address').fill('not-an-email');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' })).toBeVisible();
  await page.getByLabel('Email address').fill('ada@example.com');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a password.' })).toBeVisible();
});

test('a password from the breach lists is refused, and the page says why', async ({ page }) => {
  const reader = newReader('breached');
  await page.goto('/account/register');
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill('Password123!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'appears in lists of passwords exposed in data breaches' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/register$/);

  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/register-success$/);
});

test('a wrong password or an unknown email shows one message', async ({ page }) => {
  const reader = newReader('wrong');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/login');
  await submitLogin(page, reader.email, 'Not-The-Password-9');
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this is the wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/login$/);

  await submitLogin(page, `nobody-${reader.email}`, reader.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this is the wrong email or password.' })).toBeVisible();
});

test('a reader logs in with the keyboard alone', async ({ page }) => {
  const reader = newReader('keyboard');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();

  await page.goto('/account/login');
  const email = page.getByLabel('Email address');
  for (let presses = 0; presses < 6 && !(await email.evaluate((el) => el === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(reader.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(reader.password);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/account\/settings$/);
  // Focus moved to the new page's heading, so the keyboard starts there.
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeFocused();

  // The account menu works from the keyboard too.
  const toggle = page.getByRole('button', { name: /account menu/i });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});
