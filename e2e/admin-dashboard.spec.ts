/**
 * The dashboard on the console's overview (issue 14, dashboard): marketing sees every chart,
 * revenue included, drawn from the demo year `make run` seeds; each chart's numbers open in a
 * table and download as CSV with their header row; support sees the charts without money; it
 * is sound for axe and fits 320 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { NARROWEST, expectFits } from './reflow';
import { signInInBrowser, staffAccount } from './staff';

const CHARTS = ['Members by status', 'New members', 'Trials converting', 'Cancellations and their reasons', 'Referral conversions'];

async function expectSound(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
  await expectFits(page, screen);
}

function card(page: Page, title: string) {
  return page.locator('section.chart-card', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
}

test('marketing reads the dashboard, opens the numbers and downloads them as CSV', async ({ page }) => {
  test.setTimeout(90_000); // axe measures every mark of every chart, three times
  await signInInBrowser(page, staffAccount('dashboard'));
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  for (const title of [...CHARTS, 'Revenue per month']) {
    await expect(card(page, title).getByRole('img', { name: new RegExp(`chart of ${title}`) })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Comment activity' })).toBeVisible();
  // Drawn from the seeded year: bars, and a legend naming the statuses.
  const members = card(page, 'Members by status');
  expect(await members.locator('svg rect').count()).toBeGreaterThan(12);
  await expect(members.getByRole('list', { name: 'Legend of Members by status' })).toContainText('Active');
  await expectSound(page, 'the dashboard');

  const revenue = card(page, 'Revenue per month');
  await revenue.getByText('Show the numbers').click();
  const table = revenue.getByRole('table', { name: 'Revenue per month' });
  await expect(table.getByRole('columnheader')).toHaveText(['Month', 'Net revenue', 'Refunded', 'Total']);
  await expect(table.getByRole('row')).toHaveCount(13);
  await expect(table.getByRole('row').last().getByRole('cell').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expectSound(page, 'the dashboard with a table open');

  const download = page.waitForEvent('download');
  await revenue.getByRole('link', { name: 'Download CSV of Revenue per month' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^masthead-revenue-\d{4}-\d\d-01-to-\d{4}-\d\d-\d\d\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Month,Net revenue (USD),Refunded (USD)');
  expect(lines).toHaveLength(13);
  expect(lines[12]).toMatch(/^\d{4}-\d\d,\d+\.\d\d,\d+\.\d\d$/);

  const cancellations = card(page, 'Cancellations and their reasons');
  const csv = page.waitForEvent('download');
  await cancellations.getByRole('link', { name: /Download CSV/ }).click();
  const header = (await readFile((await (await csv).path())!, 'utf8')).split(/\r?\n/)[0];
  expect(header).toMatch(/^Month,/);
  expect(header).toContain('It costs too much');

  // Two years of months: the charts ask again, and the address keeps the choice.
  await page.getByLabel('Months shown').selectOption({ label: 'The last 24 months' });
  await expect(page).toHaveURL(/\?months=24$/);
  await expect(card(page, 'Trials converting').getByRole('img')).toHaveAccessibleName(/Trials converting, \w{3} \d{4} to/);
  await expect(card(page, 'Trials converting').getByRole('link', { name: /Download CSV/ })).toHaveAttribute('href', /trials\.csv\?from=\d{4}-\d\d-01$/);
});

test.describe('at phone width', () => {
  test.use({ viewport: NARROWEST });

  test('support sees every chart but revenue, and the dashboard fits 320 px', async ({ page }) => {
    test.setTimeout(90_000); // axe measures every mark of every chart
    await signInInBrowser(page, staffAccount('dashboard-phone'));
    for (const title of CHARTS) await expect(card(page, title).getByRole('img')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Revenue per month' })).toHaveCount(0);
    await card(page, 'Cancellations and their reasons').getByText('Show the numbers').click();
    await expectSound(page, 'the dashboard at 320 px');
    const box = await card(page, 'Members by status').getByRole('img').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(320);
    expect(box!.width).toBeGreaterThan(240);
  });
});
