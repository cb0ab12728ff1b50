/**
 * The staff console by keyboard, to axe, and at phone widths (issue 14): no serious axe
 * violations on any screen, no sideways scrolling at 375 and 320 px, targets of 24 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { NARROWEST, PHONE_WIDTHS, expectFits } from './reflow';
import { currentStep, newStaffMember, signInByApi, signInInBrowser, staffAccount, totp } from './staff';

/** Overview, Staff & roles (with a role editor open) and the audit log: each judged by `check`. */
async function visitConsole(page: Page, check: (screen: string) => Promise<void>) {
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
  await check('the overview');
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff & roles' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Change roles of / }).first().click();
  await check('Staff & roles');
  await page.goto('/admin/audit');
  await expect(page.locator('.admin-entry').first()).toBeVisible();
  await check('the audit log');
}

test('every console screen is free of serious axe violations, and works by keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/admin/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your email address and your password.');
  expect(await seriousViolations(page)).toEqual([]);

  // By keyboard: the skip link, then the form.
  const admin = staffAccount('axe');
  await page.goto('/admin/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.getByLabel('Email address').focus();
  await page.keyboard.type(admin.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(admin.password);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Code')).toBeVisible();
  await signInInBrowser(page, admin);
  await visitConsole(page, async (screen) => expect(await seriousViolations(page), screen).toEqual([]));
});

test.describe('at phone widths', () => {
  test.use({ viewport: NARROWEST });

  test('sign-in, enrolment, recovery codes and the console fit 320 and 375 px', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = staffAccount('reflow');
    const api = await signInByApi(admin);
    // A long address must wrap, not widen the page.
    const person = await newStaffMember(api, 'bartholomew.maximilian.vanderbilt-ashworth', ['support']);
    await api.dispose();

    await page.goto('/admin/sign-in');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await expectFits(page, 'the sign-in');
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectFits(page, 'the enrolment');
    const secret = (await page.locator('.admin-enrol__secret').innerText()).replace(/\s+/g, '');
    await page.getByLabel('Code').fill(totp(secret, currentStep()));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await expectFits(page, 'the recovery codes');
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Continue to the console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
    await expectFits(page, 'the overview of a support agent');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();

    await signInInBrowser(page, admin);
    await page.goto('/admin');
    await visitConsole(page, (screen) => expectFits(page, screen, PHONE_WIDTHS));
  });
});
