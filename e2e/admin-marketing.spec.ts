/**
 * Marketing in the staff console (issue 14): a rule edited in the console changes what a
 * reader's payflow offers, and the preview says the same; plans and discounts are edited with
 * the marketer told what does not fit. Everything this spec adds holds for its own reader
 * only (a rule naming their email, a plan hidden from new readers), as the e2e server is
 * shared by every spec; the rule is deleted at the end.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi, type Reader } from './helpers';
import { NARROWEST, PHONE_WIDTHS, expectFits } from './reflow';
import { origin } from './server';
import { signInInBrowser, staffAccount, type StaffLabel } from './staff';

function planCards(page: Page) {
  return page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem');
}

async function planIds(page: Page): Promise<(string | null)[]> {
  return planCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-plan-id')));
}

/** A reader signed in in a browser of their own, on the payflow. */
async function readerOnPayflow(browser: Browser, label: string): Promise<{ page: Page; reader: Reader }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const reader = newReader(label);
  await registerByApi(page.request, reader);
  await page.goto('/account/subscribe');
  await expect(planCards(page)).toHaveCount(3);
  return { page, reader };
}

async function marketer(page: Page, label: StaffLabel) {
  await signInInBrowser(page, staffAccount(label));
  await expect(page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Decision rules' })).toBeVisible();
}

test('marketing edits a rule and the payflow shows it; the preview says the same', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { page: readerPage, reader } = await readerOnPayflow(browser, 'marketing-payflow');
  expect(await planIds(readerPage)).toEqual(['sports-monthly', 'sports-six-month', 'sports-annual']);
  const tag = reader.email.split('@')[0]!;

  await marketer(page, 'marketing');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Decision rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Decision rules' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Plans offered' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A new rule, for this reader only: the annual plan alone, not featured, with a line of its own.
  await page.getByRole('link', { name: 'Add a rule for Plans offered' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a decision rule' })).toBeVisible();
  await expect(page.getByLabel('Feature')).toHaveValue('available-plans');
  await page.getByLabel('Description').fill(`e2e ${tag}: the annual plan only`);
  await page.getByLabel('Priority').fill('10');
  await page.getByLabel('Only these readers (email addresses)').fill(reader.email);
  await page.getByRole('radio', { name: 'These plans, in this order' }).check();
  await page.getByRole('button', { name: 'Add a plan to the list' }).click();
  await expect(page.getByLabel('Plan 1', { exact: true })).toBeFocused();
  await page.getByLabel('Plan 1', { exact: true }).selectOption({ label: 'Annual' });
  await page.getByLabel('Badge of plan 1').selectOption({ label: 'Not featured' });
  await page.getByLabel('Curation line of plan 1').fill(`Picked for ${tag}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add the rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The rule is saved.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit a decision rule' })).toBeVisible();

  // The reader's payflow follows.
  await readerPage.reload();
  await expect(planCards(readerPage)).toHaveCount(1);
  const annual = planCards(readerPage).first();
  await expect(annual).toHaveAttribute('data-plan-id', 'sports-annual');
  await expect(annual).toContainText(`Picked for ${tag}`);
  await expect(annual).not.toContainText('Best Value!');

  // An edit: the monthly plan after it.
  await page.getByRole('button', { name: 'Add a plan to the list' }).click();
  await page.getByLabel('Plan 2', { exact: true }).selectOption({ label: 'Monthly' });
  await page.getByRole('button', { name: 'Save the rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The rule is saved.' })).toBeVisible();
  await readerPage.reload();
  await expect(planCards(readerPage)).toHaveCount(2);
  expect(await planIds(readerPage)).toEqual(['sports-annual', 'sports-monthly']);

  // The preview, for the saved rules: the same plans, and the rule that decided.
  const preview = page.getByRole('region', { name: 'Preview what a reader is offered' });
  await preview.getByLabel('Reader’s email address').fill(reader.email);
  await preview.getByRole('checkbox', { name: 'With the changes above, not saved yet' }).uncheck();
  await preview.getByRole('button', { name: 'Show the decisions' }).click();
  const shown = preview.getByRole('list', { name: 'Plans the payflow lists' }).getByRole('listitem');
  await expect(shown).toHaveCount(2);
  await expect(shown.first()).toContainText('Annual');
  await expect(shown.first()).toContainText(`Picked for ${tag}`);
  await expect(shown.nth(1)).toContainText('Monthly');
  await expect(preview.getByText(`: e2e ${tag}: the annual plan only.`)).toBeVisible();
  await expect(preview.getByText('May not read members-only stories')).toBeVisible();
  // Another reader is not touched by it.
  await preview.getByLabel('Reader’s email address').fill('');
  await preview.getByRole('button', { name: 'Show the decisions' }).click();
  await expect(shown).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  // Back in the list: the rule is there, first of its feature; deleting it restores the payflow.
  await page.getByRole('link', { name: 'Back to the decision rules' }).click();
  const rule = page.getByRole('listitem').filter({ hasText: `e2e ${tag}: the annual plan only` });
  await expect(rule).toContainText(`Only ${reader.email}`);
  await rule.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this rule?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Delete the rule' }).click();
  await expect(page.getByText(`“e2e ${tag}: the annual plan only” is deleted.`)).toBeVisible();
  await readerPage.reload();
  await expect(planCards(readerPage)).toHaveCount(3);
  await readerPage.context().close();
});

test('marketing adds a hidden plan and a discount, and is told what does not fit', async ({ page }) => {
  test.setTimeout(60_000);
  const id = `e2e-${Date.now().toString(36)}`;
  await marketer(page, 'marketing-catalogue');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Plans & discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans & discounts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /^Monthly/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // What an edit of a live plan means is said before anything is changed.
  await page.getByRole('link', { name: 'Edit the plan Monthly' }).click();
  await expect(page.getByText(/A new price is for new members/)).toBeVisible();
  await expect(page.getByText('Plan id: sports-monthly')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Back to plans & discounts' }).click();

  // A new plan, hidden from new readers (other specs' payflows list every offered plan).
  await page.getByRole('link', { name: 'Add a plan' }).click();
  await page.getByLabel('Plan id').fill(id);
  await page.getByLabel('Name').fill('Weekend pass');
  await page.getByLabel('Price', { exact: true }).fill('0');
  await page.getByLabel('Offered to new readers').uncheck();
  await page.getByRole('button', { name: 'Add the plan' }).click();
  await expect(page.getByText('Enter a price more than 0, with at most 2 decimals, such as 4.99.')).toBeVisible();
  await expect(page.getByLabel('Price', { exact: true })).toBeFocused();
  await page.getByLabel('Price', { exact: true }).fill('1.99');
  await page.getByLabel('Regular price').fill('0.99');
  await page.getByRole('button', { name: 'Add the plan' }).click();
  await expect(page.getByText('The regular price cannot be below the price. Leave it empty when there is no discount.')).toBeVisible();
  await page.getByLabel('Regular price').fill('');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add the plan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The plan Weekend pass is saved.' })).toBeVisible();
  await expect(page.getByText(`Plan id: ${id}`)).toBeVisible();

  // A discount on it; the server refuses more than the plan costs.
  await page.goto('/admin/discounts/new');
  await page.getByLabel('Discount id').fill(`${id}-off`);
  await page.getByLabel('Name').fill('Half off the weekend');
  await page.getByLabel('Off each discounted billing cycle').fill('5');
  await page.getByRole('checkbox', { name: /^Weekend pass/ }).check();
  await page.getByRole('button', { name: 'Add the discount' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "The discount ($5) is more than the Weekend pass plan's price ($1.99)." })).toBeVisible();
  await page.getByLabel('Off each discounted billing cycle').fill('0.99');
  await page.getByRole('button', { name: 'Add the discount' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The discount Half off the weekend is saved.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Back to plans & discounts' }).click();
  const plan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(id) }) }).first();
  await expect(plan).toContainText('Hidden');
  await expect(page.getByRole('listitem').filter({ hasText: 'Half off the weekend' })).toContainText('Weekend pass');
  // Readers are not offered it.
  const offered = (await (await page.request.get('/wp-json/nyp-membership/v1/plans')).json()) as Record<string, unknown>;
  expect(Object.keys(offered)).not.toContain(id);
});

test('a reader without a staff role is refused the marketing pages and API', async ({ page }) => {
  await registerByApi(page.request, newReader('marketing-no-role'));
  for (const path of ['/admin/plans', '/admin/decision-rules', '/admin/decision-rules/new']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This account has no staff role' })).toBeVisible();
  }
  const noRole = { type: 'forbidden', message: 'This account has no staff role.' };
  for (const path of ['/admin/api/plans', '/admin/api/discounts', '/admin/api/decision-rules']) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(403);
    expect(await answer.json()).toEqual(noRole);
  }
  const preview = await page.request.post('/admin/api/decision-rules/preview', { data: {}, headers: { Origin: origin } });
  expect(preview.status()).toBe(403);
});

test.describe('at phone widths', () => {
  test.use({ viewport: NARROWEST });

  test('the marketing screens fit 320 and 375 px with 24 px targets', async ({ page }) => {
    test.setTimeout(60_000);
    await marketer(page, 'marketing-phone');
    const screens: [string, string, string][] = [
      ['/admin/plans', 'Plans & discounts', 'plans'],
      ['/admin/plans/sports-annual', 'Edit a plan', 'a plan'],
      ['/admin/discounts/stay-annual-10', 'Edit a discount', 'a discount'],
      ['/admin/decision-rules', 'Decision rules', 'the rules'],
      ['/admin/decision-rules/new?feature=available-plans', 'Add a decision rule', 'a new rule'],
    ];
    for (const [path, heading, name] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      if (path.includes('/new')) {
        await page.getByRole('radio', { name: 'These plans, in this order' }).check();
        await page.getByRole('button', { name: 'Add a plan to the list' }).click();
      }
      await expectFits(page, name, PHONE_WIDTHS);
    }
  });
});
