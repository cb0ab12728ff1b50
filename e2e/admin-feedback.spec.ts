/**
 * Reader feedback in the console: a reader writes from /account/settings/feedback; support
 * finds the message in /admin/feedback and follows it to the reader's page; an editor is
 * refused. The list passes axe, works by keyboard, and fits 375 and 320 px with 24 px targets.
 */
import { expect, test, type Browser } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, type Reader } from './helpers';
import { NARROWEST, PHONE_WIDTHS, expectFits } from './reflow';
import { signInInBrowser, staffAccount } from './staff';

/** A reader registers and sends feedback from their own screen; returns what they wrote. */
async function readerWrites(browser: Browser, label: string, lines: string[]): Promise<{ reader: Reader; words: string }> {
  const context = await browser.newContext();
  const reader = newReader(label, 'Ada', 'Feedbacker');
  await registerByApi(context.request, reader);
  const page = await context.newPage();
  await page.goto('/account/settings/feedback');
  await page.getByLabel('Topic').selectOption('website');
  const words = lines.join('\n');
  await page.getByLabel(/Your message/).fill(words);
  await page.getByLabel('You may reply to me by email').check();
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeVisible();
  await context.close();
  return { reader, words };
}

test('support finds a reader’s feedback and follows it to the reader', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const marker = `kumquat${Date.now()}`;
  const { reader } = await readerWrites(browser, 'feedback-console', [`The ${marker} crossword app crashes.`, 'Second line.', 'Third line.', 'Fourth line, hidden at first.']);

  await signInInBrowser(page, staffAccount('feedback'));
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reader feedback' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reader feedback' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Filter by topic, site and a word of the message, from the keyboard.
  const filters = page.getByRole('search', { name: 'Filter' });
  await filters.getByLabel('Topic').selectOption('website');
  await filters.getByLabel('Site').selectOption('main');
  await filters.getByLabel('Words').fill(marker.toUpperCase());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/topic=website&brand=main&q=KUMQUAT/);
  const list = page.getByRole('region', { name: 'Matching feedback' });
  const item = list.getByRole('listitem').filter({ hasText: marker });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('The website or app');
  await expect(item).toContainText(reader.email);
  await expect(item.getByRole('link', { name: `write to ${reader.email}` })).toHaveAttribute('href', new RegExp(`^mailto:${reader.email}`));
  await expect(item).not.toContainText('Fourth line');
  const showAll = item.getByRole('button', { name: 'Show all' });
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(item).toContainText('Fourth line, hidden at first.');
  await expect(item.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);

  // The reader's name leads to their page.
  const link = item.getByRole('link', { name: 'Ada Feedbacker' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/readers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Feedbacker' })).toBeVisible();
  await expect(page.getByText(reader.email).first()).toBeVisible();

  // Nothing matches: the screen says so.
  await page.goto(`/admin/feedback?q=${marker}-nothing`);
  await expect(page.getByText('No feedback matches these filters.')).toBeVisible();
});

test('an editor is refused the feedback', async ({ page }) => {
  await signInInBrowser(page, staffAccount('feedback-editor'));
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Reader feedback' })).toHaveCount(0);
  await page.goto('/admin/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
  await expect(page.getByText('Your account does not have the support role.')).toBeVisible();
  expect((await page.request.get('/admin/api/feedback')).status()).toBe(403);
});

test.describe('at phone width', () => {
  test.use({ viewport: NARROWEST });

  test('the feedback list fits 375 and 320 px', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const long = `A-very-long-unbroken-word-${'x'.repeat(80)}`;
    await readerWrites(browser, 'feedback-phone', [long, 'Second line.', 'Third line.', 'Fourth line.']);
    await signInInBrowser(page, staffAccount('feedback-phone'), '/admin/feedback');
    const item = page.getByRole('listitem').filter({ hasText: long.slice(0, 30) }).first();
    await expect(item).toBeVisible();
    expect.soft(await seriousViolations(page), 'the feedback list: axe').toEqual([]);
    await expectFits(page, 'the feedback list', PHONE_WIDTHS);
    await item.getByRole('button', { name: 'Show all' }).click();
    await expectFits(page, 'a message shown whole', PHONE_WIDTHS);
  });
});
