/**
 * One sign-in on all three brands' sites (identity/handoff) after a provider's popup and after
 * registering on the way to the payflow: signed in at 127.0.0.1, the gossip site shows the
 * reader signed in too, and the sign-in landed where it was going, by one navigation (the
 * login page's "already logged in" redirect does not race the sign-in's own).
 */
import { expect, test, type Page } from '@playwright/test';
import { newReader, uniqueEmail } from './helpers';
import { origin, port } from './server';

const GOSSIP = `http://gossip.localhost:${port}`;
const LIFESTYLE = `http://lifestyle.localhost:${port}`;

interface Person {
  subject: string;
  email: string;
}

function newPerson(label: string): Person {
  const email = uniqueEmail(`hops-${label}`);
  return { subject: `google-${email}`, email };
}

/** Continue with Google, answered on the development provider's page in the popup. */
async function signInThroughPopup(page: Page, person: Person): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Subject').fill(person.subject);
  await popup.getByLabel('Email address').fill(person.email);
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Byron');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

/**
 * From now on: the page loads of this site (paths), the brands whose hop was asked for, and the
 * page's address when the hops began (still the sign-in page: nothing navigated before them).
 */
function watchNavigation(page: Page): { loads: string[]; hops: string[]; leftFrom: string[] } {
  const seen = { loads: [] as string[], hops: [] as string[], leftFrom: [] as string[] };
  page.on('request', (request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    const url = new URL(request.url());
    if (url.pathname === '/blaize/handoff/hop') seen.hops.push(url.origin);
    else if (url.origin === origin) seen.loads.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/blaize/handoff/brands') seen.leftFrom.push(new URL(page.url()).pathname);
  });
  return seen;
}

async function expectSignedInOnGossip(page: Page, email: string): Promise<void> {
  await page.goto(`${GOSSIP}/account/settings`);
  await expect(page).toHaveURL(`${GOSSIP}/account/settings`); // not sent to log in
  await expect(page.getByText(email)).toBeVisible();
}

test('a social registration, then a social sign-in, signs the reader in on the other brands too', async ({ page }) => {
  const person = newPerson('social');

  await page.goto('/account/register');
  let seen = watchNavigation(page);
  await signInThroughPopup(page, person);
  await expect(page).toHaveURL(`${origin}/account/register-success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
  expect(seen.hops.sort()).toEqual([GOSSIP, LIFESTYLE]);
  expect(seen.leftFrom).toEqual(['/account/register']);
  await expectSignedInOnGossip(page, person.email);

  // A returning reader on the login page with a redirect: one navigation, to that page.
  await page.context().clearCookies();
  await page.goto(`/account/login?${new URLSearchParams({ redirect: '/account/settings/newsletters' }).toString()}`);
  seen = watchNavigation(page);
  await signInThroughPopup(page, person);
  await expect(page).toHaveURL(`${origin}/account/settings/newsletters`);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  expect(seen.hops.sort()).toEqual([GOSSIP, LIFESTYLE]);
  // One way out of the login page: through the brands, then one page load of the landing page.
  expect(seen.leftFrom).toEqual(['/account/login']);
  expect(seen.loads).toEqual([
    `/blaize/handoff/brands?${new URLSearchParams({ return: '/account/settings/newsletters' }).toString()}`,
    '/account/settings/newsletters',
  ]);
  await expectSignedInOnGossip(page, person.email);
});

test('a new social reader on the login page goes where registering goes, signed in everywhere', async ({ page }) => {
  const person = newPerson('social-login');
  await page.goto('/account/login');
  await signInThroughPopup(page, person);
  await expect(page).toHaveURL(`${origin}/account/register-success`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
  await expectSignedInOnGossip(page, person.email);
});

const STORY = '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/';
const BUY = 'Get 1 Year for $39.99';
const PAYFLOW = `/account/subscribe?${new URLSearchParams({ plan: 'sports-annual', redirect: STORY }).toString()}`;

test("registering from a story's call to action signs in on every brand and still opens the chosen plan", async ({ page }) => {
  const reader = newReader('hops-payflow', 'Grace', 'Hopper');
  await page.goto(STORY);
  await page.getByRole('region', { name: /Keep reading/ }).getByRole('link', { name: BUY }).click();
  await page.getByRole('link', { name: 'Create an account', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/register\?redirect=/);
  const seen = watchNavigation(page);
  await page.getByLabel('First name').fill(reader.firstName);
  await page.getByLabel('Last name').fill(reader.lastName);
  await page.getByLabel('Email address').fill(reader.email);
  await page.getByLabel('Password').fill(reader.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === PAYFLOW);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  expect(seen.hops.sort()).toEqual([GOSSIP, LIFESTYLE]);
  expect(seen.leftFrom).toEqual(['/account/register']);
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: 'Pay $39.99' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });

  await expectSignedInOnGossip(page, reader.email);
  await page.goto(`${GOSSIP}/account/settings/membership`);
  await expect(page.getByText(/Annual/).first()).toBeVisible();
});
