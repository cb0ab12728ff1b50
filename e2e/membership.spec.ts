import { seriousViolations } from './axe';
import { JOURNEY } from './journeys';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi, submitLogin } from './helpers';

/** Set MEMBERSHIP_SHOTS=/tmp/shots to keep desktop and 375px screenshots of the pages. */
const shotsDir = process.env.MEMBERSHIP_SHOTS;


async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${shotsDir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

interface Card {
  name: string;
  number: string;
  expiration: string;
  cvv: string;
  zip: string;
}

const VISA: Card = { name: 'Ada Lovelace', number: '4111 1111 1111 1111', expiration: '12/30', cvv: '123', zip: '10001' };
const DECLINED: Card = { ...VISA, number: '4000111111111115' };

function planCards(page: Page) {
  return page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem');
}

async function fillCard(page: Page, card: Card) {
  await page.getByLabel('Name', { exact: true }).fill(card.name);
  await page.getByLabel('Card Number').fill(card.number);
  await page.getByLabel('Expiration').fill(card.expiration);
  await page.getByLabel('CVV').fill(card.cvv);
  await page.getByLabel('Zip Code').fill(card.zip);
}

/** Chooses the monthly trial plan and pays with the card; waits for the thank-you screen. */
async function subscribeMonthly(page: Page, card: Card = VISA) {
  await page.goto('/account/subscribe');
  await page.getByRole('button', { name: 'Try for free' }).click();
  await fillCard(page, card);
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
}

test('a reader subscribes to the monthly trial plan and the membership page shows it active', JOURNEY, async ({ page }) => {
  await registerByApi(page.request, newReader('subscribe'));
  await page.goto('/account/subscribe');

  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  const cards = planCards(page);
  await expect(cards).toHaveCount(3);
  // The monthly plan has the 7-day trial; the annual plan is featured.
  const monthly = cards.filter({ hasText: '$4.99' });
  await expect(monthly.getByRole('button', { name: 'Try for free' })).toBeVisible();
  await expect(monthly).toContainText('7-day free trial');
  const annual = cards.filter({ hasText: '$39.99' });
  await expect(annual).toContainText('Best Value!');
  await expect(cards.filter({ hasText: '$24.99' })).not.toContainText('Best Value!');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'subscribe-plans');

  await monthly.getByRole('button', { name: 'Try for free' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('All charges are non-refundable.')).toBeVisible();
  await expect(page.getByText('We will notify you by email before any price increase.')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Start free trial' });
  await expect(submit).toBeDisabled();

  // Invalid fields are named; the button stays disabled.
  await page.getByLabel('Card Number').fill('4111 1111 1111 1112');
  await page.getByLabel('Expiration').fill('13/30');
  await page.getByLabel('CVV').focus();
  await expect(page.getByRole('alert').filter({ hasText: 'The following fields are invalid: Card Number, Expiration' })).toBeVisible();
  await expect(submit).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);

  await fillCard(page, VISA);
  await expect(submit).toBeEnabled();
  await shoot(page, 'subscribe-checkout');
  await submit.click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Your free trial has started.')).toBeVisible();
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []);
  expect(events.map((event) => event.event)).toContain('freeTrialStarted');
  await shoot(page, 'subscribe-confirmation');

  await page.getByRole('link', { name: 'Manage your membership' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membership' })).toBeVisible();
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText('Next billing date');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-active');

  // A member who opens the payflow again is not offered a second membership.
  await page.goto('/account/subscribe');
  await expect(page.getByRole('heading', { name: 'You are already a member' })).toBeVisible();
});

test("a declined card shows the server's message and leaves no membership", async ({ page }) => {
  await registerByApi(page.request, newReader('declined'));
  await page.goto('/account/subscribe');
  await planCards(page).filter({ hasText: '$39.99' }).getByRole('button').click();
  await fillCard(page, DECLINED);
  const answer = page.waitForResponse((response) => response.url().endsWith('/blaize/payment/braintree/subscribe'));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const response = await answer;
  expect(response.status()).toBe(402);
  const body = (await response.json()) as { type: string; message: string };
  // A sentence the reader can act on, not the processor's "Do Not Honor".
  expect(body).toEqual({ type: 'payment-declined', message: 'Your bank declined this card. Please contact your bank or use another card.' });
  await expect(page.getByRole('alert').filter({ hasText: body.message })).toBeVisible();
  await expect(page.getByText('Do Not Honor')).toHaveCount(0);
  await shoot(page, 'subscribe-declined');

  await page.goto('/account/settings/membership');
  await expect(page.getByTestId('membership-status')).toHaveText('No membership');
  await expect(page.getByText(body.message)).toHaveCount(0); // the payflow's error stays there
  await expect(page.getByRole('link', { name: 'Subscribe', exact: true })).toHaveAttribute('href', '/account/subscribe');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-none');
});

test('a reader subscribes with PayPal and sees the membership active', async ({ page }) => {
  await registerByApi(page.request, newReader('paypal'));
  await page.goto('/account/subscribe');
  await planCards(page).filter({ hasText: '$39.99' }).getByRole('button').click();
  const wallets = page.getByRole('group', { name: 'Or pay with' });
  await expect(wallets.getByRole('button')).toHaveText(['PayPal', 'Google Pay', 'Apple Pay']);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'subscribe-wallets');

  const answer = page.waitForResponse((response) => response.url().endsWith('/blaize/payment/braintree/subscribe'));
  await wallets.getByRole('button', { name: 'PayPal' }).click();
  // The sandbox's PayPal window: the reader approves, its client API makes the nonce.
  await page.getByRole('dialog', { name: 'Log in to PayPal' }).getByRole('button', { name: 'Approve' }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ payment_nonce: expect.any(String), plan_id: 'sports-annual' });
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });

  await page.goto('/account/settings/membership');
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  await page.goto('/account/settings/payment-method');
  await expect(page.getByRole('list', { name: 'Your payment methods' }).getByRole('listitem')).toContainText(['PayPal']);
});

test('a member cancels and keeps access until the paid-through date', async ({ page }) => {
  await registerByApi(page.request, newReader('cancel'));
  await subscribeMonthly(page);
  await page.goto('/account/settings/membership');
  await expect(page.getByTestId('membership-status')).toHaveText('Active');

  await page.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your membership?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a reason.');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-cancel-dialog');
  await dialog.getByLabel('It costs too much').check();
  await dialog.getByLabel(/Anything else/).fill('Testing.');
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('status').filter({ hasText: 'Your membership has been cancelled.' })).toBeVisible();
  await expect(page.getByTestId('membership-status')).toHaveText(/^Active until \w+ \d+, \d{4}$/);
  await expect(page.getByRole('region', { name: 'Your membership' })).toContainText('Access until');
  await expect(page.getByText(/will not renew\. You keep your membership benefits until/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'membership-cancelled');

  await page.reload();
  await expect(page.getByTestId('membership-status')).toHaveText(/^Active until /);

  // The cancelled-user resubscribe: the membership continues when the trial ends, no new trial.
  await page.getByRole('button', { name: 'Restart membership' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Welcome back! Your membership continues on / })).toBeVisible();
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  await expect(page.getByRole('button', { name: 'Restart membership' })).toHaveCount(0);
  // Restarted within the free trial: still a free trial until the first charge.
  await expect(page.getByTestId('free-trial')).toContainText(/^You are on a free trial until \w+ \d+, \d{4}\. Your first payment of \$4\.99 is taken on /);
  await shoot(page, 'membership-restarted-trial');
});

test('an anonymous reader is sent to login and comes back to the payflow', async ({ page }) => {
  const reader = newReader('payflow-login');
  await registerByApi(page.request, reader);
  await page.context().clearCookies();
  await page.goto('/account/subscribe');
  await expect(page).toHaveURL(/\/account\/login$/);
  await submitLogin(page, reader.email, reader.password);
  await expect(page).toHaveURL(/\/account\/subscribe$/);
  await expect(planCards(page)).toHaveCount(3);
});

test('/account/appsubscribe is the payflow in mobile-app mode', async ({ page }) => {
  await registerByApi(page.request, newReader('appsubscribe'));
  await page.goto('/account/appsubscribe');
  await expect(planCards(page)).toHaveCount(3);
  // The app draws its own chrome: no site header.
  await expect(page.getByRole('banner')).toHaveCount(0);
});
