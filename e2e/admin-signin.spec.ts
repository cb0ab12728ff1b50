/**
 * Staff sign-in with a second factor (issue 14): a new staff member enrols their authenticator
 * app through the console, then signs in with its codes and with a recovery code; each code
 * works once.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { currentStep, freshCode, newStaffMember, signInByApi, staffAccount, totp } from './staff';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
}

async function enterPassword(page: Page, email: string, password: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new staff member enrols their app, then signs in with a code and with a recovery code', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await signInByApi(staffAccount('signin'));
  const editor = await newStaffMember(admin, 'editor', ['editor']);

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/audit');
  await enterPassword(page, editor.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is wrong.');
  await enterPassword(page, editor.email, editor.password);

  // Enrolment: the QR code (an image the browser drew), the setup key as text.
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeFocused();
  const qr = page.getByRole('img', { name: /QR code/ });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const secret = (await page.locator('.admin-enrol__secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await seriousViolations(page)).toEqual([]);
  const enrolStep = currentStep();
  const enrolCode = totp(secret, enrolStep);
  await page.getByLabel('Code').fill(enrolCode);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The recovery codes, once, and a step that says they were kept.
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeFocused();
  const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  expect(codes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  await expect(page.getByText(/Tick the box once you have saved the codes/)).toBeVisible();
  await page.getByLabel('I have saved these codes').check();
  await page.getByRole('button', { name: 'Continue to the console' }).click();
  // Back where the sign-in began: the audit log, which is not an editor's.
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('alert')).toHaveText('Your account does not have the admin role.');

  // An editor: their own sections, no admin ones, and the server refuses those too.
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link')).toHaveText(['Overview', 'Stories', 'Static pages', 'Newsletters', 'Member events']);
  const refused = await page.request.get('/admin/api/staff');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ type: 'forbidden', message: 'Your account does not have the admin role.' });
  await signOut(page);

  // The enrolment's code again: refused (each code works once); a recovery code instead.
  await enterPassword(page, editor.email, editor.password);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await enterCode(page, enrolCode);
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Try the newest code from your app.');
  await enterCode(page, codes[0]!.toUpperCase());
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  await signOut(page);

  // The used recovery code is refused; the app's next code signs in.
  await enterPassword(page, editor.email, editor.password);
  await enterCode(page, codes[0]!);
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Try the newest code from your app.');
  await enterCode(page, await freshCode({ label: 'signin-editor', ...editor, secret, lastStep: enrolStep }));
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  await expect(page.getByText(editor.email, { exact: false }).first()).toBeVisible();
  await admin.dispose();
});
