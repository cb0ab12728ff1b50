import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { linkFromMail, newReader, registerByApi } from './helpers';
import { expectFits, PHONE_WIDTHS } from './reflow';
import { homeDeliveryKey } from './server';

/** Newsletters (issue 17): the three sites' lists, and the exclusive ones behind the gate. */

const SAVED = 'Your newsletters are saved.';

async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as Window & { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((entry) => entry.event ?? ''),
  );
}

/** The print system starts home delivery (the gate's other way in); it counts once the
 * reader proves the address by the link it mails them. */
async function startHomeDelivery(page: Page, request: APIRequestContext, email: string) {
  const response = await request.put(`/operator/v1/home-delivery/${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${homeDeliveryKey}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(await linkFromMail(page.request, email, '/blaize/users/verify-email/'));
}

test('a reader subscribes and unsubscribes by keyboard, and the choice is kept', async ({ page }) => {
  const reader = newReader('newsletters');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/newsletters');
  await expect(page.getByRole('heading', { name: 'Newsletters', level: 1 })).toBeVisible();
  const morning = page.getByRole('checkbox', { name: 'Morning Report' });
  await expect(morning).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard only: focus the box, Space ticks it, then to the button and Enter.
  await morning.focus();
  await page.keyboard.press('Space');
  await expect(morning).toBeChecked();
  await page.getByRole('button', { name: 'Save newsletters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(SAVED)).toBeVisible();
  expect(await dataLayerEvents(page)).toContain('newsletterSubscribed');
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(morning).toBeChecked();
  await morning.uncheck();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await page.reload();
  await expect(morning).not.toBeChecked();
  await expectFits(page, 'newsletters', PHONE_WIDTHS);
});

test('a non-member is told why the exclusive newsletters are closed, and how to join', async ({ page }) => {
  const reader = newReader('newsletters-closed');
  await registerByApi(page.request, reader);
  await page.goto('/account/settings/exclusive-newsletters');
  await expect(page.getByText('Exclusive newsletters are for members and home delivery subscribers.', { exact: false })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await expectFits(page, 'exclusive newsletters (closed)', PHONE_WIDTHS);
  await page.getByRole('link', { name: 'Join the membership' }).click();
  await expect(page).toHaveURL(/\/account\/subscribe$/);
});

test('a member (home delivery) joins an exclusive newsletter', async ({ page, playwright }) => {
  const reader = newReader('newsletters-member');
  await registerByApi(page.request, reader);
  const printSystem = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await startHomeDelivery(page, printSystem, reader.email);
  await printSystem.dispose();

  await page.goto('/account/settings/exclusive-newsletters');
  await expect(page.getByRole('group', { name: 'For members' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Your teams' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Columnists' })).toBeVisible();
  const yankees = page.getByRole('checkbox', { name: 'Yankees Clubhouse' });
  await yankees.check();
  await page.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.reload();
  await expect(yankees).toBeChecked();
  await expectFits(page, 'exclusive newsletters', PHONE_WIDTHS);
});
