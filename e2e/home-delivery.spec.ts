import { expect, test, type APIRequestContext } from '@playwright/test';
import { linkFromMail, newReader, registerByApi } from './helpers';
import { homeDeliveryKey } from './server';

/** The print system's calls: home delivery started (PUT) or cancelled (DELETE). */
async function homeDelivery(request: APIRequestContext, method: 'put' | 'delete', email: string) {
  const response = await request[method](`/operator/v1/home-delivery/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${homeDeliveryKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a home-delivery reader sees the free membership, and why it ended when delivery is cancelled', async ({ page, playwright }) => {
  const reader = newReader('home-delivery');
  await registerByApi(page.request, reader);
  // The print system is another server: its calls carry no reader cookie.
  const printSystem = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });

  await homeDelivery(printSystem, 'put', reader.email);
  // Only a verified address gets it: the reader is mailed a link that proves the address.
  await page.goto('/account/settings/membership');
  await expect(page.getByTestId('membership-status')).toHaveText('No membership');
  await expect(page.getByTestId('home-delivery')).toHaveCount(0);
  await page.goto(await linkFromMail(page.request, reader.email, '/blaize/users/verify-email/'));
  await page.goto('/account/settings/membership');
  await expect(page.getByTestId('home-delivery')).toHaveText('Included with your home delivery subscription');
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  for (const name of ['Cancel membership', 'Pause membership', 'Change plan', 'Resume membership']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Subscribe' })).toHaveCount(0);

  await homeDelivery(printSystem, 'delete', reader.email);
  await page.reload();
  const ended = page.getByTestId('home-delivery-ended');
  await expect(ended).toContainText('Your free sports membership has ended because your home delivery subscription was cancelled.');
  await expect(page.getByTestId('home-delivery')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await page.reload(); // the message is kept on the server, not in the page
  await expect(ended).toBeVisible();

  await ended.getByRole('button', { name: 'Dismiss' }).click();
  await expect(ended).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('membership-status')).toHaveText('No membership');
  await expect(ended).toHaveCount(0);
  await printSystem.dispose();
});
