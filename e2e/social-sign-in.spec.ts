import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { uniqueEmail } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';

const FAILURE = 'Sorry, there was a problem logging into your account.';
const PROVIDERS = [
  ['google', 'Google'],
  ['facebook', 'Facebook'],
  ['apple', 'Apple'],
] as const;

interface Person {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

function newPerson(provider: string): Person {
  const email = uniqueEmail(`social-${provider}`);
  return { subject: `${provider}-${email}`, email, firstName: 'Ada', lastName: 'Byron' };
}

/** Clicks the provider's button and answers the development provider's page in the popup. */
async function signInThroughPopup(page: Page, label: string, person: Person): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${label}` }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: `Sign in with ${label}` })).toBeVisible();
  await fillDevelopmentProvider(popup, person);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed; // the final page posts to this page and closes itself
}

async function fillDevelopmentProvider(popup: Page, person: Person): Promise<void> {
  await popup.getByLabel('Subject').fill(person.subject);
  await popup.getByLabel('Email address').fill(person.email);
  await popup.getByLabel('First name').fill(person.firstName);
  await popup.getByLabel('Last name').fill(person.lastName);
}

for (const [provider, label] of PROVIDERS) {
  test(`a new reader registers with ${label}, then signs in again as a returning reader`, async ({ page }) => {
    const person = newPerson(provider);

    await page.goto('/account/register');
    await signInThroughPopup(page, label, person);
    await expect(page).toHaveURL(/\/account\/register-success$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/account/login');
    await signInThroughPopup(page, label, person);
    await expect(page).toHaveURL(/\/account\/settings$/);
    await expect(page.getByText(person.email)).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
  });
}

test('a popup closed early leaves the reader signed out and the buttons ready', async ({ page }) => {
  await page.goto('/account/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: 'Waiting for Google…' })).toBeDisabled();
  await popup.close();

  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeEnabled();
  await expect(page.getByRole('alert').filter({ hasText: FAILURE })).toHaveCount(0);
  expect((await page.request.get('/blaize/account')).status()).toBe(401);

  // and a second try works
  const person = newPerson('again');
  await signInThroughPopup(page, 'Google', person);
  await expect(page).toHaveURL(/\/account\/(settings|register-success)$/);
});

test('the loading state clears after 5 s while the popup stays open', async ({ page }) => {
  await page.goto('/account/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: 'Waiting for Facebook…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Facebook' })).toBeEnabled({ timeout: 6_500 });
  await popup.close();
});

test('a state that is not the attempt’s is refused', async ({ page }) => {
  await page.goto('/account/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  const popup = await popupOpened;
  await fillDevelopmentProvider(popup, newPerson('mismatch'));
  await popup.locator('input[name="state"]').evaluate((input: HTMLInputElement) => {
    input.value = 'a-state-this-browser-never-made';
  });
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(page.getByRole('alert').filter({ hasText: FAILURE })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: FAILURE })).toContainText('This sign-in attempt has expired.');
  await expect(page).toHaveURL(/\/account\/login$/);
  expect((await page.request.get('/blaize/account')).status()).toBe(401);
});

test('a message that does not come from the popup is ignored', async ({ page }) => {
  await page.goto('/account/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  // Same origin, but posted by the page itself, not the popup: a forged login.
  await page.evaluate(() =>
    window.postMessage({ action: 'login', cookie: 'zephrSessionId=x; Path=/;', tracking_id: 't', provider: 'google', state: 'guess' }, location.origin),
  );
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/account\/login$/);
  await expect(page.getByRole('button', { name: 'Waiting for Google…' })).toBeVisible();
  await popup.close();
});

test('the buttons and the development provider pass axe, by keyboard, at phone widths', async ({ page }) => {
  await page.goto('/account/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'login with social buttons', PHONE_WIDTHS);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/account/register');
  await expect(page.getByRole('button', { name: 'Continue with Apple' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: focus the Google button and press Enter.
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await google.focus();
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  expect(await seriousViolations(popup)).toEqual([]);
  await expectFits(popup, 'development provider', PHONE_WIDTHS);
  await popup.close();
});
