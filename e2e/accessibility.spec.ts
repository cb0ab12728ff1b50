import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';
import { NARROWEST, expectFits } from './reflow';


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

// WCAG 2.2 at the narrowest width (issue 12, item 17): no screen scrolls sideways at 320 px
// (1.4.10) and every visible pointer target is at least 24 × 24 px (reflow.ts expectFits).

const STORY_PATH = '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/';

test.describe('at 320 px', () => {
  test.use({ viewport: NARROWEST });

  test('the public account screens and the publisher pages fit and have targets of 24 px', async ({ page }) => {
    for (const [path, heading] of [
      ['/account/login', 'Log in'],
      ['/account/register', 'Create an account'],
      ['/account/forgot-password', 'Forgot your password?'],
      ['/account/reset-password?token=not-a-real-token', null],
      ['/account/register-success', null],
      ['/account/settings/update-email', 'Change email address'],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFits(page, path);
    }
    for (const path of [STORY_PATH, '/', '/section/sports/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectFits(page, path);
    }
  });

  test("a reader's account screens fit and have targets of 24 px", async ({ page }) => {
    test.setTimeout(90_000);
    // A long address and a long name: what the reader typed must wrap, not widen the page.
    const reader = newReader('bartholomew.maximilian.vanderbilt-ashworth', 'Bartholomew-Maximilian', 'Vanderbilt-Ashworth');
    reader.email = reader.email.replace('@example.com', '@subscriptions.newsroom-department.example.com');
    await registerByApi(page.request, reader);
    for (const [path, heading] of [
      ['/account/settings', 'Account settings'],
      ['/account/settings/display', 'Display settings'],
      ['/account/settings/membership', null],
      ['/account/settings/payment-method', null],
      ['/account/subscribe', null],
      ['/account/settings/refer-a-friend', null],
      ['/account/settings/my-rewards', null],
      ['/account/no-such-screen', null],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFits(page, path);
    }

    // The success box with the long address in it.
    await page.goto('/account/settings/update-email');
    await page.getByLabel('New email address').fill(`new-${reader.email}`);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(page.getByRole('status')).toContainText('We have sent a confirmation link');
    await expectFits(page, 'the email change confirmation');

    // The payflow's card form, its thank-you screen, and the screens of a member.
    await page.goto('/account/subscribe');
    await page.getByRole('button', { name: 'Try for free' }).click();
    await expect(page.getByLabel('Card Number')).toBeVisible();
    await expectFits(page, 'the card form of the payflow');
    await page.getByLabel('Name', { exact: true }).fill(`${reader.firstName} ${reader.lastName}`);
    await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiration').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByLabel('Zip Code').fill('10001');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
    await expectFits(page, 'the thank-you screen');
    for (const path of ['/account/settings/membership', '/account/settings/payment-method']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectFits(page, `${path} as a member`);
    }
  });
});
