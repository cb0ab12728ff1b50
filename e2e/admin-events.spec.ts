/**
 * Member events in the staff console (editors): add, change and delete an event, with the
 * console's sentences for bad input; axe, keyboard and 320 px on each screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { PHONE_WIDTHS, expectFits } from './reflow';
import { signInInBrowser, staffAccount } from './staff';

/** Set ONBOARDING_SHOTS=/tmp/shots to keep a screenshot of each screen at 1280 and 375 px. */
const shotsDir = process.env.ONBOARDING_SHOTS;

async function checkScreen(page: Page, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  if (shotsDir) {
    const file = name.replace(/\W+/g, '-');
    await page.screenshot({ path: `${shotsDir}/${file}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shotsDir}/${file}-375.png`, fullPage: true });
  }
  await expectFits(page, name, PHONE_WIDTHS);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** "2030-01-15T19:00", as a datetime-local field takes it, `days` from now at 7 PM. */
function localDate(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T19:00`;
}

test('an editor adds, changes and deletes a member event', async ({ page }) => {
  const title = `Book club ${Date.now().toString(36)}`;
  await signInInBrowser(page, staffAccount('events'));
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Member events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Member events' })).toBeVisible();
  // The demo's events are listed, soonest first.
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('link', { name: 'Meet the sports desk' })).toBeVisible();
  await checkScreen(page, 'the member events list');

  await page.getByRole('link', { name: 'Add an event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New member event' })).toBeVisible();
  await checkScreen(page, 'the new event form');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Date and time').fill(localDate(5));
  await page.getByLabel('Place').fill('The library');
  await page.getByLabel('Link').fill('http://example.com/book-club');
  await page.getByRole('button', { name: 'Add the event' }).click();
  await expect(page.getByText('The link must be a secure web address starting with https://.').first()).toBeVisible();

  await page.getByLabel('Link').fill('https://example.com/book-club');
  await page.getByLabel('Link').press('Enter'); // the form sends by keyboard
  await expect(page.getByRole('status')).toContainText(`“${title}” is added.`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.getByLabel('Place').fill('Online');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  await page.getByRole('link', { name: 'All member events' }).click();
  const row = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Online');
  await row.getByRole('link', { name: title }).click();

  await page.getByRole('button', { name: 'Delete the event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this event?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await checkScreen(page, 'the delete confirmation');
  await dialog.getByRole('button', { name: 'Delete the event' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Member events' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`“${title}” is deleted.`);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});
