/**
 * Onboarding (spec section 2): a new reader's steps from registering to the thanks step, a
 * subscriber's steps with the member events an editor added, skipping and resuming; axe,
 * keyboard and 320 px on every screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { PHONE_WIDTHS, expectFits } from './reflow';
import { signInByApi, staffAccount } from './staff';

const DESKTOP = { width: 1280, height: 800 };

/** axe finds nothing serious, and the screen fits at 375 and 320 px (then back to desktop). */
/** Set ONBOARDING_SHOTS=/tmp/shots to keep a screenshot of each screen at 1280 and 375 px. */
const shotsDir = process.env.ONBOARDING_SHOTS;

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  if (shotsDir) {
    const file = name.replace(/\W+/g, '-');
    await page.screenshot({ path: `${shotsDir}/${file}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shotsDir}/${file}-375.png`, fullPage: true });
  }
  await expectFits(page, name, PHONE_WIDTHS);
  await page.setViewportSize(DESKTOP);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Presses Tab until the control named `name` has the focus, then Enter: keyboard alone. */
async function pressByKeyboard(page: Page, name: string) {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error(`No control named ${name} reached with Tab`);
}

async function isOnboarded(page: Page): Promise<boolean> {
  const profile = (await (await page.request.get('/blaize/profile')).json()) as { onboarded?: boolean };
  return profile.onboarded === true;
}

test('a new reader registers, goes through the non-subscriber steps and is onboarded', async ({ page }) => {
  const reader = newReader('onboard', 'Grace', 'Hopper');
  await page.goto('/account/register');
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/account\/register-success$/);
  await page.getByRole('link', { name: 'Set up your account' }).click();

  await expect(h1(page, /^Welcome to /)).toBeVisible();
  await checkScreen(page, 'the welcome splash');
  await pressByKeyboard(page, 'Get started');

  await expect(h1(page, 'Make your profile yours')).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await checkScreen(page, 'the customize step');
  await page.getByLabel('Display name').fill('Amazing Grace');
  await page.getByRole('button', { name: 'Save public profile' }).click();
  await expect(page.getByText('Your public profile has been saved.')).toBeVisible();
  const events = await page.evaluate(() => (window as Window & { dataLayer?: { event?: string }[] }).dataLayer ?? []);
  expect(events.map((entry) => entry.event)).toContain('profileCustomized');
  await pressByKeyboard(page, 'Continue');

  await expect(h1(page, 'Choose your newsletters')).toBeVisible();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Morning Report' }).check();
  await checkScreen(page, 'the newsletters step');
  // Continue without Save newsletters: Continue saves the ticked box (checked at the end).
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(h1(page, 'Get the app')).toBeVisible();
  await checkScreen(page, 'the app-text step');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(h1(page, 'Sports+ membership')).toBeVisible();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/account/subscribe');
  await checkScreen(page, 'the sports-plus step');
  expect(await isOnboarded(page)).toBe(false);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(h1(page, 'You’re all set')).toBeVisible();
  await checkScreen(page, 'the thanks step');
  await expect.poll(() => isOnboarded(page)).toBe(true);

  // The newsletter ticked in the step, and saved by its Continue, is the reader's.
  await page.goto('/account/settings/newsletters');
  await expect(page.getByRole('checkbox', { name: 'Morning Report' })).toBeChecked();
});

test('a reader skips a step, leaves, and is welcomed back where they left off', async ({ page }) => {
  await registerByApi(page.request, newReader('resume'));
  await page.goto('/account/onboarding');
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(h1(page, 'Make your profile yours')).toBeVisible();
  await pressByKeyboard(page, 'Skip');
  await expect(h1(page, 'Choose your newsletters')).toBeVisible();

  await page.goto('/account/settings');
  await page.goto('/account/onboarding');
  await expect(h1(page, 'Welcome back')).toBeVisible();
  await checkScreen(page, 'welcome back');
  await page.getByRole('link', { name: 'Pick up where you left off' }).click();
  await expect(h1(page, 'Choose your newsletters')).toBeVisible();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await pressByKeyboard(page, 'Back');
  await expect(h1(page, 'Make your profile yours')).toBeVisible();

  await page.getByRole('link', { name: 'Skip the rest and finish' }).click();
  await expect(h1(page, 'You’re all set')).toBeVisible();
  await expect.poll(() => isOnboarded(page)).toBe(true);
});

test('a new subscriber goes through the subscriber steps, with the event an editor added', async ({ page }) => {
  const title = `Members' night ${Date.now().toString(36)}`;
  const editor = await signInByApi(staffAccount('events-onboarding'));
  const added = await editor.post('/admin/api/member-events', {
    data: {
      title,
      startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      place: 'The newsroom',
      link: 'https://example.com/events/members-night',
      description: 'Drinks with the sports desk.',
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  await editor.dispose();

  await registerByApi(page.request, newReader('onboard-member'));
  await page.goto('/account/subscribe');
  await page.getByRole('button', { name: 'Try for free' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Set up your membership' }).click();

  await expect(h1(page, 'Thank you for becoming a member')).toBeVisible();
  await checkScreen(page, 'the subscriber thank-you');
  await page.getByRole('link', { name: 'Set up my membership' }).click();

  await expect(h1(page, 'Make your profile yours')).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(h1(page, 'Choose your newsletters')).toBeVisible();
  await page.getByRole('button', { name: 'Skip' }).click();

  await expect(h1(page, 'Text alerts')).toBeVisible();
  await checkScreen(page, 'the texts step');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(h1(page, 'Refer a friend, earn rewards')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Refer a friend' })).toHaveAttribute('href', '/account/settings/refer-a-friend');
  await checkScreen(page, 'the rewards step');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(h1(page, 'Member events')).toBeVisible();
  await expect(page.getByText('Step 5 of 5')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await checkScreen(page, 'the events step');
  await pressByKeyboard(page, 'Continue');

  await expect(h1(page, 'You’re all set')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your membership' })).toBeVisible();
  await expect.poll(() => isOnboarded(page)).toBe(true);
});
