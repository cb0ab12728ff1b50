import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, submitLogin, type Reader } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';

/** Account settings' "Your data": the download of everything Masthead holds about the reader,
 * and the deletion of the account (issue 16, the reader's data). */

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function mailSubjects(request: APIRequestContext, to: string): Promise<string[]> {
  const response = await request.get('/dev/mailbox.json', { params: { to } });
  return ((await response.json()) as MailboxMessage[]).map((message) => message.subject);
}

async function openYourData(page: Page, reader: Reader) {
  await registerByApi(page.request, reader);
  await page.goto('/account/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();
  return section;
}

test('a reader downloads their data, deletes the account, cannot log in, and can register again', async ({ page }) => {
  const reader = newReader('reader-data');
  const section = await openYourData(page, reader);

  // Download: one JSON file with the reader's email and none of the secrets.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^masthead-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const data = JSON.parse(text) as { account: { email: string }; profile: Record<string, unknown>; sessions: unknown[] };
  expect(data.account.email).toBe(reader.email);
  expect(data.profile['first-name']).toBe('Ada');
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/password_hash|\$argon2|token_hash/);
  await expect(section.getByRole('status').filter({ hasText: 'Your data has been downloaded.' })).toBeVisible();
  await expect.poll(() => mailSubjects(page.request, reader.email)).toContain('A copy of your Masthead data was downloaded');

  // Delete: the confirmation step warns, and a wrong password is refused beside the form.
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const step = section.getByRole('group', { name: 'Are you sure you want to delete your account?' });
  await expect(step).toContainText('Your membership ends at the end of the period you have paid for.');
  await expect(step).toContainText('“Former reader”');
  await step.getByLabel('Your password').fill('Not-My-Password-1');
  await step.getByRole('button', { name: 'Delete my account' }).click();
  await expect(step.getByRole('alert')).toHaveText('Sorry, that password is not right. Please try again.');

  await step.getByLabel('Your password').fill(reader.password);
  await step.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible(); // the header: signed out
  await expect.poll(() => mailSubjects(page.request, reader.email)).toContain('Your Masthead account is deleted');

  // The account is gone: the session no longer works, and login is refused.
  expect((await page.request.get('/blaize/account')).status()).toBe(401);
  await page.goto('/account/login');
  await submitLogin(page, reader.email, reader.password);
  await expect(page.getByRole('alert').filter({ hasText: 'Sorry, this is the wrong email or password.' })).toBeVisible();

  // The address can register again: a new account.
  await registerByApi(page.request, reader);
  await page.goto('/account/settings');
  await expect(page.getByRole('region', { name: 'Your data' })).toBeVisible();
});

test('the deletion flow works by keyboard alone, and axe finds nothing serious on its screens', async ({ page }) => {
  const section = await openYourData(page, newReader('reader-data-keys'));
  expect(await seriousViolations(page)).toEqual([]);

  const start = section.getByRole('button', { name: 'Delete my account…' });
  await start.focus();
  await page.keyboard.press('Enter');
  const heading = section.getByRole('heading', { name: 'Are you sure you want to delete your account?' });
  await expect(heading).toBeFocused(); // read first: what deleting does
  await page.keyboard.press('Tab');
  await expect(section.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Enter'); // nothing typed: told beside the form, focus on the field
  await expect(
    section.getByRole('alert').filter({ hasText: 'Please enter your password to delete your account.' }),
  ).toBeVisible();
  await expect(section.getByLabel('Your password')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  await page.keyboard.type('Not-My-Password-1');
  await page.keyboard.press('Enter');
  await expect(
    section.getByRole('alert').filter({ hasText: 'Sorry, that password is not right. Please try again.' }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keep my account: the step closes and focus goes back to where it started.
  await section.getByRole('button', { name: 'Keep my account' }).focus();
  await page.keyboard.press('Enter');
  await expect(start).toBeFocused();
  await expect(section.getByRole('group')).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(heading).toBeFocused(); // opened afresh: the last refusal is gone
  await expect(section.getByRole('alert').filter({ hasText: 'Sorry, that password is not right.' })).toHaveCount(0);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Correct-Horse-1');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('"Your data" and the page after a deletion fit phones, with targets big enough to tap', async ({ page }) => {
  const reader = newReader('reader-data-narrow');
  const section = await openYourData(page, reader);
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  await expect(section.getByLabel('Your password')).toBeVisible();
  await expectFits(page, 'settings with the deletion step', PHONE_WIDTHS);

  await section.getByLabel('Your password').fill(reader.password);
  await section.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expectFits(page, 'account deleted', PHONE_WIDTHS);
});

/** A reader who signed up with the development provider standing in for Google: no password. */
interface Person {
  subject: string;
  email: string;
}

async function answerDevelopmentProvider(page: Page, button: string, person: Person): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  // Signing up says so; a confirmation says what it is for (nobody is signed in by it).
  const heading = button.startsWith('Confirm') ? "Confirm it's you with Google" : 'Sign in with Google';
  await expect(popup.getByRole('heading', { name: heading })).toBeVisible();
  await popup.getByLabel('Subject').fill(person.subject);
  await popup.getByLabel('Email address').fill(person.email);
  await popup.getByLabel('First name').fill('Ada');
  await popup.getByLabel('Last name').fill('Byron');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed; // the final page posts to this page and closes itself
}

async function registerWithGoogle(page: Page, person: Person): Promise<void> {
  await page.goto('/account/register');
  await answerDevelopmentProvider(page, 'Continue with Google', person);
  await expect(page).toHaveURL(/\/account\/register-success$/);
}

function newPerson(prefix: string): Person {
  const email = newReader(prefix).email;
  return { subject: `google-${email}`, email };
}

async function openDeleteStep(page: Page) {
  await page.goto('/account/settings');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const step = section.getByRole('group', { name: 'Are you sure you want to delete your account?' });
  // The step focuses its heading a frame after it shows: focus moved before then is taken back.
  await expect(step.getByRole('heading', { level: 4 })).toBeFocused();
  return step;
}

test('a reader without a password deletes the account by confirming with Google, then can register again', async ({ page }) => {
  const person = newPerson('reader-data-google');
  await registerWithGoogle(page, person);

  const step = await openDeleteStep(page);
  await expect(step.getByRole('button', { name: 'Confirm with Google' })).toBeVisible();
  await expect(step.getByLabel('Your password')).toHaveCount(0); // nothing to type: no password
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'the deletion step with a provider', PHONE_WIDTHS);

  await answerDevelopmentProvider(page, 'Confirm with Google', person);
  await expect(page).toHaveURL(/\/account\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account has been deleted' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible(); // the header: signed out
  expect((await page.request.get('/blaize/account')).status()).toBe(401);
  await expect.poll(() => mailSubjects(page.request, person.email)).toContain('Your Masthead account is deleted');

  // The same Google account registers a new reader.
  await registerWithGoogle(page, person);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
});

test('a confirmation with another Google account is refused beside the form, by keyboard', async ({ page }) => {
  const person = newPerson('reader-data-google-wrong');
  await registerWithGoogle(page, person);
  const step = await openDeleteStep(page);

  const confirm = step.getByRole('button', { name: 'Confirm with Google' });
  await confirm.focus();
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await popup.getByLabel('Subject').fill(`someone-else-${person.subject}`);
  await popup.getByLabel('Email address').fill(`other-${person.email}`);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(step.getByRole('alert')).toContainText('That Google account is not the one linked to your Masthead account.');
  await expect(confirm).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing happened to the account, and this browser is still the reader's.
  await expect(page).toHaveURL(/\/account\/settings$/);
  const account = await page.request.get('/blaize/account');
  expect(account.status()).toBe(200);
  expect(((await account.json()) as { identifiers: { email_address: string } }).identifiers.email_address).toBe(person.email);
});
