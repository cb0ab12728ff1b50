import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';


for (const [path, heading] of [
  ['/account/login', 'Log in'],
  ['/account/register', 'Create an account'],
  ['/account/forgot-password', 'Forgot your password?'],
] as const) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // With an error shown too.
    await page.getByRole('button', { name: /log in|create account|send reset link/i }).click();
    await expect(page.getByRole('alert').first()).not.toBeEmpty();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/account/settings has no serious or critical accessibility violations', async ({ page }) => {
  await registerByApi(page.request, newReader('axe'));
  await page.goto('/account/settings');
  await expect(page.getByLabel('Full name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /account menu/i }).click();
  expect(await seriousViolations(page)).toEqual([]);
});
