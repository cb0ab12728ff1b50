import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newReader, registerByApi } from '../helpers';

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
