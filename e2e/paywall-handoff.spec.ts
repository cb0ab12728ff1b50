import { mkdirSync } from 'node:fs';
import { JOURNEY } from './journeys';
import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi, submitLogin } from './helpers';

/**
 * From a members-only story to the payflow and back (issue 12, item 4): the paywall's buy
 * button carries the plan and the story through registration or login; the payflow opens
 * that plan's checkout; the confirmation leads back to the story, now released in full.
 * HANDOFF_SHOTS=/some/dir keeps 1280px and 375px screenshots of the screens on the way.
 */
const shotsDir = process.env.HANDOFF_SHOTS;

const STORY = {
  path: '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/',
  members: "Marchetti's winner came 2:17 into overtime",
};
const BUY = 'Get 1 Year for $39.99';
const PAYFLOW = `/account/subscribe?${new URLSearchParams({ plan: 'sports-annual', redirect: STORY.path }).toString()}`;

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize();
  await page.screenshot({ path: `${shotsDir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} fits a 375px screen`).toBeLessThanOrEqual(375);
  if (size) await page.setViewportSize(size);
}

async function payByCard(page: Page) {
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: 'Pay $39.99' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
}

async function backToTheStory(page: Page) {
  await page.getByRole('link', { name: 'Back to the story' }).click();
  await expect(page).toHaveURL(new RegExp(`${STORY.path}$`));
  await expect(page.getByText(STORY.members)).toBeVisible();
  await expect(page.locator('#story-body')).not.toHaveClass(/story__body--covered/);
}

test('an anonymous reader buys on a story, registers, pays for the chosen plan and reads on', JOURNEY, async ({ page }) => {
  const reader = newReader('handoff', 'Grace', 'Hopper');
  await page.goto(STORY.path);
  await expect(page.getByText(STORY.members)).toHaveCount(0);
  await page.getByRole('region', { name: /Keep reading/ }).getByRole('link', { name: BUY }).click();

  // Login first, but as an invitation to join, not "Welcome back".
  await expect(page).toHaveURL(/\/account\/login$/);
  await expect(page.getByText(/To become a member, create an account/)).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'handoff-login');

  await page.getByRole('link', { name: 'Create an account', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/register\?redirect=/);
  await expect(page.getByText(/straight on to checkout with the plan you chose/)).toBeVisible();
  await shoot(page, 'handoff-register');
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Straight to the checkout of the plan chosen on the story.
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === PAYFLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $39.99' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Membership plans' })).toHaveCount(0);
  await shoot(page, 'handoff-checkout');

  await payByCard(page);
  await expect(page.getByText('Your Annual membership is now active.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'handoff-confirmation');

  await backToTheStory(page);
  await shoot(page, 'handoff-story');
});

test('a reader with an account logs in from the same invitation and comes back to the story', async ({ page, request }) => {
  const reader = newReader('handoff-login');
  await registerByApi(request, reader); // its own context: the page stays logged out
  await page.goto(STORY.path);
  await page.getByRole('region', { name: /Keep reading/ }).getByRole('link', { name: BUY }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === PAYFLOW);
  await payByCard(page);
  await backToTheStory(page);
});

test('a story on another host is not linked back to', async ({ page }) => {
  await registerByApi(page.request, newReader('handoff-evil'));
  await page.goto(`/account/subscribe?${new URLSearchParams({ plan: 'sports-annual', redirect: 'https://evil.example/story/' }).toString()}`);
  await expect(page.getByRole('button', { name: 'Pay $39.99' })).toBeVisible();
  await payByCard(page);
  await expect(page.getByRole('link', { name: 'Manage your membership' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the story' })).toHaveCount(0);
});
