import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newReader, registerByApi } from '../helpers';
import { currentStep, newStaffMember, signInByApi, signInInBrowser, staffAccount, totp } from '../staff';

/** Pictures of every screen for a person to look at: `npm run screenshots` (not part of make test). */
const dir = process.env.SHOTS_DIR ?? '/tmp/shots';

const widths = { desktop: { width: 1280, height: 900 }, phone: { width: 375, height: 812 } } as const;

const publicScreens = [
  ['login', '/account/login'],
  ['register', '/account/register'],
  ['forgot-password', '/account/forgot-password'],
  ['reset-password', '/account/reset-password?token=abc'],
  ['verify-email-change', '/account/settings/verify-email-change?token=abc'],
  ['not-found', '/account/nope'],
] as const;

const readerScreens = [
  ['settings', '/account/settings'],
  ['display', '/account/settings/display'],
  ['update-email', '/account/settings/update-email'],
  ['register-success', '/account/register-success'],
] as const;

for (const [device, viewport] of Object.entries(widths)) {
  test(`screens at ${device} width`, async ({ page }) => {
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    for (const [name, path] of publicScreens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.screenshot({ path: `${dir}/${name}-${device}.png`, fullPage: true });
    }
    await page.goto('/account/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.screenshot({ path: `${dir}/login-error-${device}.png`, fullPage: true });

    await registerByApi(page.request, newReader(`shots-${device}`, 'Ada', 'Lovelace'));
    for (const [name, path] of readerScreens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${dir}/${name}-${device}.png`, fullPage: true });
    }
    if (device === 'desktop') {
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.screenshot({ path: `${dir}/account-menu-${device}.png` });
    }
  });
}

/** The staff console: sign-in, enrolment, recovery codes and the admin screens. */
for (const [device, viewport] of Object.entries(widths)) {
  test(`console screens at ${device} width`, async ({ page }) => {
    test.setTimeout(90_000);
    mkdirSync(dir, { recursive: true });
    await page.setViewportSize(viewport);
    const admin = staffAccount(device === 'desktop' ? 'shots-desktop' : 'shots-phone');
    const api = await signInByApi(admin);
    const person = await newStaffMember(api, `shots-editor-${device}`, ['editor']);
    await api.dispose();

    await page.goto('/admin/sign-in');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.screenshot({ path: `${dir}/admin-sign-in-${device}.png`, fullPage: true });
    await page.getByLabel('Email address').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    await page.screenshot({ path: `${dir}/admin-enrol-${device}.png`, fullPage: true });
    const secret = (await page.locator('.admin-enrol__secret').innerText()).replace(/\s+/g, '');
    await page.getByLabel('Code').fill(totp(secret, currentStep()));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await page.screenshot({ path: `${dir}/admin-recovery-codes-${device}.png`, fullPage: true });
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Continue to the console' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff console' })).toBeVisible();
    await page.screenshot({ path: `${dir}/admin-overview-editor-${device}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();

    await signInInBrowser(page, admin);
    await page.screenshot({ path: `${dir}/admin-overview-${device}.png`, fullPage: true });
    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { name: person.email })).toBeVisible();
    await page.getByRole('button', { name: `Change roles of ${person.email}` }).click();
    await page.screenshot({ path: `${dir}/admin-staff-${device}.png`, fullPage: true });
    await page.goto('/admin/audit');
    await expect(page.locator('.admin-entry').first()).toBeVisible();
    // The first screenful: a run's log is long.
    await page.screenshot({ path: `${dir}/admin-audit-${device}.png` });
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { name: 'The Good Life' })).toBeVisible();
    await page.screenshot({ path: `${dir}/admin-static-pages-${device}.png`, fullPage: true });
    await page.goto('/admin/pages/main/membership-terms');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.frameLocator('iframe[title="Preview of Membership terms"]').getByRole('heading', { name: 'Membership terms' })).toBeVisible();
    await page.screenshot({ path: `${dir}/admin-static-page-${device}.png`, fullPage: true });
    await page.locator('.admin-preview__frame').screenshot({ path: `${dir}/admin-static-page-preview-${device}.png` });
  });
}
