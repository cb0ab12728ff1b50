/**
 * Editors manage the newsletter lists in the console (issue 17): a new list shows to readers
 * at once and they join it; a rename follows; a retired list is gone from their screen; staff
 * without the editor role are refused. The list is this spec's own (a unique name and
 * provider id), so the newsletters spec running beside it is not disturbed.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { NARROWEST, expectFits } from './reflow';
import { signInInBrowser, staffAccount } from './staff';

const SAVED = 'Your newsletters are saved.';

async function expectSound(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
  await expectFits(page, screen);
}

test('an editor adds, renames and retires a list; a reader joins it and then no longer sees it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Metro Minute ${stamp}`;
  const renamed = `Metro Hour ${stamp}`;
  await signInInBrowser(page, staffAccount('newsletter-lists'));
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Newsletters' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
  const main = page.locator('section', { has: page.getByRole('heading', { name: 'The Masthead (main site)' }) });
  await expect(main.getByRole('listitem', { name: 'Morning Report' })).toBeVisible();
  await expectSound(page, 'the newsletter lists');

  // The new list, by keyboard alone.
  await page.getByRole('link', { name: 'New list' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New newsletter list' })).toBeVisible();
  await expectSound(page, 'the new list form');
  await page.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('The city in a minute.');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Group' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue('main');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`metro-${stamp}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${name} is saved. Readers see it now.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletters\/\d+$/);
  await expectSound(page, 'the list editor');

  // A reader sees it at once and joins it.
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await registerByApi(reader.request, newReader('newsletter-lists'));
  await reader.goto('/account/settings/newsletters');
  await reader.getByRole('checkbox', { name }).check();
  await reader.getByRole('button', { name: 'Save newsletters' }).click();
  await expect(reader.getByText(SAVED)).toBeVisible();

  // The rename follows for the reader, who stays on the list.
  await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${renamed} is saved. Readers see it now.`)).toBeVisible();
  await expect(page.getByText('1 subscriber ·', { exact: false })).toBeVisible();
  await reader.reload();
  await expect(reader.getByRole('checkbox', { name: renamed })).toBeChecked();

  // Retiring asks first (the safe choice has the focus), then the list is gone for readers.
  await page.getByRole('button', { name: 'Retire the list' }).click();
  const dialog = page.getByRole('dialog', { name: `Retire ${renamed}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await seriousViolations(page), 'the retire dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Retire the list' }).click();
  await expect(page.getByText(`${renamed} is retired. Readers no longer see it.`)).toBeVisible();
  await reader.reload();
  await expect(reader.getByRole('checkbox', { name: 'Morning Report' })).toBeVisible();
  await expect(reader.getByRole('checkbox', { name: renamed })).toHaveCount(0);

  // In the console it stays, retired, with its subscriber kept.
  await page.getByRole('link', { name: 'Back to the newsletters' }).click();
  const item = main.getByRole('listitem', { name: new RegExp(renamed) });
  await expect(item.getByText('Retired', { exact: true })).toBeVisible();
  await expect(item.getByText('1 subscriber', { exact: true })).toBeVisible();

  // Moving by keyboard: the focus stays on the list's buttons.
  const up = item.getByRole('button', { name: `Move up: ${renamed}` });
  await up.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(new RegExp(`^${renamed} is now \\d+ of \\d+ in The Masthead \\(main site\\)\\.$`))).toBeVisible();
  await expect(up).toBeFocused();
  await readerContext.close();
});

test('staff without the editor role are refused the newsletter lists', async ({ page }) => {
  await signInInBrowser(page, staffAccount('newsletter-lists-support'));
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Newsletters' })).toHaveCount(0);
  await page.goto('/admin/newsletters');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('Your account does not have the editor role.')).toBeVisible();
  const answer = await page.request.get('/admin/api/newsletter-lists');
  expect(answer.status()).toBe(403);
  await page.goto('/admin/newsletters/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
});

test.describe('at phone width', () => {
  test.use({ viewport: NARROWEST });

  test('the newsletter screens fit 320 px', async ({ page }) => {
    await signInInBrowser(page, staffAccount('newsletter-lists-phone'));
    await page.goto('/admin/newsletters');
    await expect(page.getByRole('heading', { name: 'Member exclusive' })).toBeVisible();
    await expectSound(page, 'the newsletter lists at 320 px');
    await page.goto('/admin/newsletters/new');
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
    await expectSound(page, 'the new list form at 320 px');
    await page.getByRole('navigation', { name: 'Console sections' }).waitFor({ state: 'attached' });
    await page.goto('/admin/newsletters');
    await page.locator('section', { has: page.getByRole('heading', { name: 'The Scoop (gossip site)' }) }).getByRole('link', { name: 'Edit Celebrity Buzz' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Celebrity Buzz');
    await expectSound(page, 'the list editor at 320 px');
  });
});
