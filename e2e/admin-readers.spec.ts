/**
 * Issue 14, Readers: support finds a reader by email and by name, opens them, and refunds a
 * charge after entering a fresh code; the refund shows on the reader's page and in the reader's
 * own payment history. The screens pass axe, fit 320 and 375 px, and have 24 px targets.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, type Reader } from './helpers';
import { PHONE_WIDTHS, expectFits } from './reflow';
import { origin } from './server';
import { freshCode, signInInBrowser, staffAccount } from './staff';

/** A last name nobody else has: letters only, so the name search finds this reader alone. */
function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tail = '';
  for (let i = 0; i < 8; i += 1) tail += letters[Math.floor(Math.random() * letters.length)];
  return `Quill${tail}`;
}

/** A reader who registered and took the annual membership (charged at once) from their own
 * browser context, which stays signed in. */
async function member(browser: Browser, label: string): Promise<{ reader: Reader; page: Page }> {
  const context = await browser.newContext();
  const reader = newReader(label, 'Ada', uniqueSurname());
  await registerByApi(context.request, reader);
  const paid = await context.request.post('/blaize/payment/braintree/subscribe', {
    data: { payment_nonce: 'fake-valid-visa-nonce', plan_id: 'sports-annual', product_id: 'sports-membership' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { reader, page: await context.newPage() };
}

async function search(page: Page, text: string) {
  const box = page.getByRole('search', { name: 'Find a reader' });
  await box.getByLabel('Email, name or tracking ID').fill(text);
  await box.getByRole('button', { name: 'Search' }).click();
}

test('support finds a reader by email and by name and refunds their charge', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const account = staffAccount('support');
  const { reader, page: readerPage } = await member(browser, 'readers-refund');

  await signInInBrowser(page, account);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Readers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Readers' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // By the start of the email address, in capitals: one reader.
  await search(page, reader.email.slice(0, 24).toUpperCase());
  const results = page.getByRole('region', { name: 'Readers found' });
  const link = results.getByRole('link', { name: new RegExp(`Ada ${reader.lastName}`) });
  await expect(link).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  // By name: the first name and the start of the last.
  await search(page, `ada ${reader.lastName.slice(0, 9).toLowerCase()}`);
  await expect(page).toHaveURL(/\/admin\/readers\?q=ada\+quill/);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: `Ada ${reader.lastName}` })).toBeVisible();
  const membership = page.getByRole('region', { name: 'Membership' });
  await expect(membership).toContainText('Active (member)');
  await expect(membership).toContainText('A subscription in good standing');
  const payments = page.getByRole('region', { name: 'Payments' });
  await expect(payments).toContainText(/Visa ending 1111, expires \d\d\/\d{4}/);
  await expect(payments).not.toContainText('4111111111111111');
  expect(await seriousViolations(page)).toEqual([]);

  // The refund asks first; the server then wants a fresh code. (The sign-in's own code counts
  // for 5 minutes, so the server's first refusal is played here; the refusal itself is the
  // server's, proven in server/tests/support/test_reader_actions.py.)
  let refusedOnce = false;
  await page.route('**/admin/api/readers/*/payments/*/refund', async (route) => {
    if (refusedOnce) return route.continue();
    refusedOnce = true;
    return route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ type: 'reauthentication-required', message: 'Please enter a code from your authenticator app to confirm this change.' }),
    });
  });
  await payments.getByRole('button', { name: /^Refund \$39\.99 charged / }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this charge?' });
  await expect(confirm).toContainText('$39.99');
  await expect(confirm.getByRole('button', { name: 'Keep the charge' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel('Code').fill(await freshCode(account));
  await stepUp.getByRole('button', { name: 'Confirm' }).click();

  await expect(payments.getByRole('status')).toHaveText('$39.99 given back: the charge was voided before it settled.');
  await expect(payments.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(payments.getByRole('button', { name: /^Refund / })).toHaveCount(0);
  await expect(confirm).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);

  // The reader's own payment history says so too.
  const history = await readerPage.request.get('/blaize/payment/braintree/subscriptions');
  const [subscription] = (await history.json()) as { 'transaction-history': { refunded: boolean; status: string }[] }[];
  expect(subscription?.['transaction-history']).toEqual([expect.objectContaining({ refunded: true, status: 'voided' })]);

  // And the audit log has it, for an admin to read: the API answers support with 403.
  const audit = await page.request.get('/admin/api/audit');
  expect(audit.status()).toBe(403);
});

test('a reader without a staff role gets 403 on the Readers pages and API', async ({ page, browser }) => {
  const { reader } = await member(browser, 'readers-no-role');
  await registerByApi(page.request, newReader('readers-nosy'));
  for (const path of ['/admin/readers', `/admin/readers?q=${encodeURIComponent(reader.email)}`, '/admin/readers/1']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This account has no staff role' })).toBeVisible();
  }
  const noRole = { type: 'forbidden', message: 'This account has no staff role.' };
  const found = await page.request.get(`/admin/api/readers?q=${encodeURIComponent(reader.email)}`);
  expect([found.status(), await found.json()]).toEqual([403, noRole]);
  const refund = await page.request.post('/admin/api/readers/1/payments/x/refund', { headers: { Origin: origin } });
  expect([refund.status(), await refund.json()]).toEqual([403, noRole]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  async function fits(page: Page, screen: string) {
    expect.soft(await seriousViolations(page), `${screen}: axe`).toEqual([]);
    await expectFits(page, screen, PHONE_WIDTHS);
  }

  test('the search and a reader fit 375 and 320 px, by keyboard', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const account = staffAccount('support-phone');
    const { reader } = await member(browser, 'readers-phone');
    await signInInBrowser(page, account, '/admin/readers');
    await expect(page.getByRole('heading', { level: 1, name: 'Readers' })).toBeVisible();

    // By keyboard: the box, Enter, then Tab to the reader's link.
    await page.getByLabel('Email, name or tracking ID').fill(reader.email);
    await page.keyboard.press('Enter');
    const link = page.getByRole('region', { name: 'Readers found' }).getByRole('link', { name: new RegExp(reader.lastName) });
    await expect(link).toBeVisible();
    await fits(page, 'the search');
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Ada ${reader.lastName}` })).toBeVisible();
    await page.getByText(/All \d+ profile fields/).click();
    await fits(page, 'a reader');

    // A confirmation by keyboard: Escape keeps everything as it was.
    await page.getByRole('button', { name: 'Sign out everywhere' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Sign the reader out everywhere?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await fits(page, 'a confirmation');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sign out everywhere' })).toBeFocused();
  });
});
