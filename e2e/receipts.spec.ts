import { expect, test } from '@playwright/test';
import { newReader, registerByApi } from './helpers';

/**
 * Issue 12 item 11: subscribing in the browser mails a receipt, delivered by the worker
 * through the outbox, that the dev mailbox shows with the amount, the dates and the link to
 * manage the membership.
 */
test('subscribing in the browser leads to a receipt in the dev mailbox', async ({ page, baseURL }) => {
  const reader = newReader('receipt');
  await registerByApi(page.request, reader);

  await page.goto('/account/subscribe');
  const annual = page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem').filter({ hasText: '$39.99' });
  await annual.getByRole('button', { name: 'Get 1 Year for $39.99' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: 'Pay $39.99' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });

  // The worker delivers the receipt shortly after the subscribe commits.
  const row = page.getByRole('row').filter({ hasText: reader.email }).filter({ hasText: 'Your membership receipt' });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await row.getByRole('link', { name: 'Your membership receipt' }).click();

  const text = page.locator('.text');
  await expect(page.getByRole('heading', { level: 1, name: 'Your membership receipt' })).toBeVisible();
  await expect(text).toContainText('Hello Ada,');
  await expect(text).toContainText('Your Annual membership has started.');
  await expect(text).toContainText(/Charged: \$39\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(text).toContainText(/Paid through: [A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(text).toContainText(/Next payment: \$39\.99 on [A-Z][a-z]+ \d{1,2}, \d{4}/);
  const manage = text.getByRole('link', { name: `${baseURL}/account/settings/membership` });
  await expect(manage).toHaveAttribute('href', `${baseURL}/account/settings/membership`);
});
