import { seriousViolations } from './axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';

/** Set PAYMENT_SHOTS=var/shots to keep desktop and 375px screenshots of the page. */
const shotsDir = process.env.PAYMENT_SHOTS;
const PAGE = '/account/settings/payment-method';
const IN_USE = 'This payment method pays for your membership. Add another payment method before removing this one.';


async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  const size = page.viewportSize();
  await page.screenshot({ path: `${shotsDir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/**
 * A member, set up through the API as the payflow would: the annual plan paid with the
 * sandbox's Visa ending in 1111 (Braintree's fake-valid-visa-nonce), now the default method.
 */
async function subscribedReader(request: APIRequestContext, label: string) {
  await registerByApi(request, newReader(label));
  const response = await request.post('/blaize/payment/braintree/subscribe', {
    data: { payment_nonce: 'fake-valid-visa-nonce', plan_id: 'sports-annual', product_id: 'sports-membership' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function methods(page: Page) {
  return page.getByRole('list', { name: 'Your payment methods' }).getByRole('listitem').filter({ has: page.getByRole('heading') });
}

function method(page: Page, name: string) {
  return page.getByRole('listitem', { name, exact: true });
}

/** The card form's fields, as a reader fills them. */
async function addCard(page: Page, number: string, expiration: string, cvv = '123') {
  await page.getByRole('button', { name: 'Add new card' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration').fill(expiration);
  await page.getByLabel('CVV', { exact: true }).fill(cvv);
  await page.getByLabel('Zip Code').fill('10001');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save card' }).click();
}

test('a member adds a card, makes it the default and deletes the old one', async ({ page }) => {
  await subscribedReader(page.request, 'pm-add');
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment methods' })).toBeVisible();
  const visa = method(page, 'Visa ending in 1111');
  await expect(visa).toContainText('Default');
  await expect(visa).toContainText('Pays for your membership');
  await expect(visa.getByRole('img')).toHaveCount(0); // the logo is decorative: the name says it
  await expect(visa.locator('img')).toHaveAttribute('src', /payment_method_logo\/visa\.svg$/);
  expect(await seriousViolations(page)).toEqual([]);

  await addCard(page, '5555 5555 5555 4444', '12/30');
  await expect(page.getByRole('status').filter({ hasText: 'MasterCard ending in 4444 was added.' })).toBeVisible();
  const mastercard = method(page, 'MasterCard ending in 4444');
  await expect(mastercard.getByRole('heading')).toBeFocused();
  await expect(mastercard).toContainText('Expires 12/2030');
  await expect(mastercard).not.toContainText('Default');
  await expect(methods(page)).toHaveCount(2);
  await shoot(page, 'payment-methods');

  await page.getByRole('button', { name: 'Make default: MasterCard ending in 4444' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'MasterCard ending in 4444 is now your default payment method.' })).toBeVisible();
  // The membership follows the default (the server moves it).
  await expect(mastercard).toContainText('Default');
  await expect(mastercard).toContainText('Pays for your membership');
  await expect(visa).not.toContainText('Default');
  await expect(visa).not.toContainText('Pays for your membership');
  await expect(methods(page).first()).toHaveAccessibleName('MasterCard ending in 4444');

  await page.getByRole('button', { name: 'Delete: Visa ending in 1111' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this payment method?' });
  await expect(dialog).toContainText('Visa ending in 1111 will be removed from your account.');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Visa ending in 1111 was removed.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your payment methods' })).toBeFocused();
  await expect(methods(page)).toHaveCount(1);
  await expect(visa).toHaveCount(0);

  await page.reload();
  await expect(mastercard).toContainText('Default');
  await expect(methods(page)).toHaveCount(1);
});

test('the only method paying for a live membership cannot be deleted', async ({ page }) => {
  await subscribedReader(page.request, 'pm-only');
  await page.goto(PAGE);
  await page.getByRole('button', { name: 'Delete: Visa ending in 1111' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this payment method?' });
  await expect(dialog).toContainText('Visa ending in 1111 pays for your membership.');
  const answer = page.waitForResponse((response) => response.request().method() === 'DELETE');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  expect((await answer).status()).toBe(409);
  await expect(dialog.getByRole('alert')).toHaveText(IN_USE);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'payment-methods-delete-refused');
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(method(page, 'Visa ending in 1111')).toContainText('Pays for your membership');
});

test("a card that expires this month shows the spec's warning", async ({ page }) => {
  await subscribedReader(page.request, 'pm-expiring');
  await page.goto(PAGE);
  await expect(method(page, 'Visa ending in 1111')).toBeVisible();
  // The server's clock is UTC; the sandbox takes a card expiring this month and calls it expiring.
  const now = new Date();
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  await addCard(page, '5555 5555 5555 4444', `${month}/${String(now.getUTCFullYear()).slice(2)}`);
  const card = method(page, 'MasterCard ending in 4444');
  await expect(card).toContainText('Expires soon');
  await expect(card).toContainText(`Expires ${month}/${now.getUTCFullYear()}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Your credit card is about to expire. Please update your MasterCard ending in 4444.' })).toBeVisible();
  await expect(method(page, 'Visa ending in 1111')).not.toContainText('Expires soon');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'payment-methods-expiring');
});

test('a card is re-verified by its CVV alone, by keyboard; a wrong CVV is refused', async ({ page }) => {
  await subscribedReader(page.request, 'pm-cvv');
  await page.goto(PAGE);
  const verify = page.getByRole('button', { name: 'Verify CVV: Visa ending in 1111' });
  const dialog = page.getByRole('dialog', { name: 'Confirm your card’s CVV' });
  const cvv = dialog.getByLabel('CVV');

  // Braintree's test CVVs: 200 does not match, 201 cannot be verified; the server says so.
  for (const [value, refusal] of [
    ['200', 'The CVV does not match this card. Check the 3- or 4-digit security code and try again.'],
    ['201', "Your card's bank could not verify the CVV. Please try again, or add another card."],
  ] as const) {
    await verify.focus();
    await page.keyboard.press('Enter');
    await expect(cvv).toBeFocused();
    await page.keyboard.type(value);
    const answer = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(402);
    await expect(dialog.getByRole('alert')).toHaveText(refusal);
    if (value === '200') {
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, 'payment-methods-cvv-refused');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(verify).toBeFocused();
  }

  await verify.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Visa ending in 1111 is verified.' })).toBeVisible();
  await expect(method(page, 'Visa ending in 1111').getByRole('heading')).toBeFocused();
});

/** Screenshots of an open wallet sheet at 1280px and 375px (PAYMENT_SHOTS). */
async function shootSheet(page: Page, name: string) {
  if (!shotsDir) return;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shotsDir}/${name}-desktop.png` });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${shotsDir}/${name}-375.png` });
}

test("PayPal asks in its approval window first; Approve adds the buyer's PayPal account", async ({ page }) => {
  await registerByApi(page.request, newReader('pm-paypal'));
  await page.goto(PAGE);
  await expect(page.getByText('You have no saved payment methods.')).toBeVisible();
  await page.getByRole('button', { name: 'PayPal' }).click();
  const window = page.getByRole('dialog', { name: 'Log in to PayPal' });
  await expect(window).toBeVisible();
  await expect(window).toContainText('jane.doe@example.com');
  await expect(window.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await shootSheet(page, 'wallet-paypal');
  // Focus stays in the window: however often the reader tabs, nothing behind it gets focus.
  for (let press = 0; press < 5; press += 1) {
    await page.keyboard.press('Tab');
    const behind = await page.evaluate(() => {
      const active = document.activeElement;
      return Boolean(active && active !== document.body && !active.closest('dialog'));
    });
    expect(behind).toBe(false);
  }
  await expect(methods(page)).toHaveCount(0); // nothing is added before the approval

  await window.getByRole('button', { name: 'Approve' }).click();
  await expect(window).toBeHidden();
  const paypal = method(page, 'PayPal (jane.doe@example.com)');
  await expect(paypal).toContainText('Default');
  await expect(paypal.locator('img')).toHaveAttribute('src', /payment_method_logo\/paypal\.svg$/);
  await expect(page.getByRole('status').filter({ hasText: 'PayPal (jane.doe@example.com) was added.' })).toBeVisible();
  await expect(page.getByText('was cancelled')).toHaveCount(0); // the approval closed the window, nothing cancelled it
});

test('Google Pay and Apple Pay show their sheet; Cancel or Escape adds nothing', async ({ page }) => {
  await registerByApi(page.request, newReader('pm-gpay'));
  await page.goto(PAGE);
  await expect(page.getByText('You have no saved payment methods.')).toBeVisible();
  const googlePay = page.getByRole('button', { name: 'Google Pay' });
  await googlePay.click();
  const sheet = page.getByRole('dialog', { name: 'Google Pay' });
  await expect(sheet).toContainText('Visa •••• 1111');
  expect(await seriousViolations(page)).toEqual([]);
  await shootSheet(page, 'wallet-google-pay');
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Google Pay was cancelled. Nothing was added or charged.' })).toBeVisible();
  await expect(googlePay).toBeFocused();
  await expect(methods(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Apple Pay' }).click();
  const applePay = page.getByRole('dialog', { name: 'Apple Pay' });
  await expect(applePay).toContainText('Visa •••• 1881');
  await page.keyboard.press('Escape');
  await expect(applePay).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Apple Pay was cancelled.' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no saved payment methods.')).toBeVisible();

  await page.getByRole('button', { name: 'Google Pay' }).click();
  await page.getByRole('dialog', { name: 'Google Pay' }).getByRole('button', { name: 'Continue' }).click();
  await expect(method(page, 'Google Pay - Visa ending in 1111')).toContainText('Default');
});

test('a wallet is added with its button, and the page and its sheets work at 375px and 320px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await registerByApi(page.request, newReader('pm-wallet'));
  await page.goto(PAGE);
  await expect(page.getByText('You have no saved payment methods.')).toBeVisible();
  await page.getByRole('button', { name: 'PayPal' }).click();
  await page.getByRole('dialog', { name: 'Log in to PayPal' }).getByRole('button', { name: 'Approve' }).click();
  await expect(method(page, 'PayPal (jane.doe@example.com)')).toContainText('Default');
  await page.setViewportSize({ width: 320, height: 640 });
  await page.getByRole('button', { name: 'Apple Pay' }).click();
  const sheet = page.getByRole('dialog', { name: 'Apple Pay' });
  // The sheet fits the narrowest phone, and its buttons are comfortable targets.
  const box = await sheet.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true);
  for (const name of ['Continue', 'Cancel']) {
    const target = await sheet.getByRole('button', { name }).boundingBox();
    expect(target && target.height >= 24 && target.width >= 24).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await sheet.getByRole('button', { name: 'Continue' }).click();
  await expect(method(page, 'Apple Pay - Visa ending in 1881')).toBeVisible();
  // Nothing is wider than the phone's screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(320);
  expect(await seriousViolations(page)).toEqual([]);
});
