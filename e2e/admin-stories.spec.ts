/**
 * Stories in the staff console (issue 14): an editor writes a members-only story, previews it
 * as a member reads it and publishes it; it is on its brand's home page, behind the paywall
 * for a visitor and whole for a member; unpublished, its address is "not found". The screens
 * to axe, by keyboard, and at 320 px. STORY_SHOTS=/some/dir keeps 1280 and 375 px screenshots.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { newReader, registerByApi } from './helpers';
import { NARROWEST, PHONE_WIDTHS, expectFits, sidewaysOverflow } from './reflow';
import { signInInBrowser, staffAccount } from './staff';

const TEASER = 'The Knicks have signed a new point guard';
const MEMBERS_PART = 'Members read the terms of the two-year deal here';
const shotsDir = process.env.STORY_SHOTS;

async function shoot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${shotsDir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** Fills the new story's fields as an editor would, the slug left to the headline. */
async function writeStory(page: Page, headline: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'New story' })).toBeVisible();
  await page.getByLabel('Section', { exact: true }).selectOption('Sports');
  await page.getByLabel('Headline', { exact: true }).fill(headline);
  await page.getByLabel('Standfirst', { exact: true }).fill('A two-year deal, and a promise of more minutes.');
  await page.getByLabel('Author', { exact: true }).fill('Jo Reporter');
  await expect(page.getByLabel('Members only', { exact: true })).toBeChecked();
  await page.getByLabel('Teaser (HTML)').fill(`<p>${TEASER}.</p>`);
  await page.getByLabel('Members-only part (HTML)').fill(`<h2 id="deal">The deal</h2><p>${MEMBERS_PART}.</p>`);
}

test('an editor publishes a members-only story and it appears behind the paywall', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const headline = `Knicks sign a new point guard ${stamp}`;
  await signInInBrowser(page, staffAccount('editor'));
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Stories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await page.getByRole('link', { name: 'Write a story' }).click();
  await writeStory(page, headline);
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue(`knicks-sign-a-new-point-guard-${stamp}`);

  // A refusal is a sentence: a members-only story needs its members' part.
  await page.getByLabel('Members-only part (HTML)').fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('A members-only story needs its members-only part.')).toBeVisible();
  await page.getByLabel('Members-only part (HTML)').fill(`<p>${MEMBERS_PART}.</p><script>alert(1)</script>`);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'may not contain <script>' })).toBeVisible();
  await page.getByLabel('Members-only part (HTML)').fill(`<h2 id="deal">The deal</h2><p>${MEMBERS_PART}.</p>`);

  // The preview: the whole story as a member reads it, in a frame; nothing is stored.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.frameLocator('iframe[title="Preview of the story"]');
  await expect(preview.getByText(MEMBERS_PART)).toBeVisible();
  await expect(preview.getByText(TEASER)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview: as a member reads it' })).toBeFocused();

  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: it is on The Masthead at' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: headline })).toBeVisible();
  const path = await page.locator('.story-state code').innerText();
  expect(path).toMatch(new RegExp(`^/\\d{4}/\\d{2}/\\d{2}/knicks-sign-a-new-point-guard-${stamp}/$`));
  await expect(page.getByText('Published since')).toBeVisible();

  // A visitor: on the home page, the teaser and the paywall, never the members' part.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await visitor.getByRole('link', { name: headline }).click();
  await expect(visitor).toHaveURL(new RegExp(`${path}$`));
  await expect(visitor.getByText(TEASER)).toBeVisible();
  await expect(visitor.getByRole('region', { name: /Keep reading/ })).toBeVisible();
  await expect(visitor.getByText(MEMBERS_PART)).toHaveCount(0);

  // A member reads it all.
  const memberContext = await browser.newContext();
  await registerByApi(memberContext.request, newReader('story-member'));
  const paid = await memberContext.request.post('/blaize/payment/braintree/subscribe', {
    data: { payment_nonce: 'fake-valid-visa-nonce', plan_id: 'sports-annual', product_id: 'sports-membership' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const member = await memberContext.newPage();
  await member.goto(path);
  await expect(member.getByText(MEMBERS_PART)).toBeVisible();
  await expect(member.locator('#story-body')).not.toHaveClass(/story__body--covered/);

  // Unpublished: its address is not found, for everyone, and the member gets no body.
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished:' })).toBeVisible();
  await expect(page.getByText('Unpublished: taken off the site.')).toBeVisible();
  expect((await visitor.goto(path))?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await member.goto(path))?.status()).toBe(404);
  await visitor.goto('/');
  await expect(visitor.getByRole('link', { name: headline })).toHaveCount(0);
  await visitorContext.close();
  await memberContext.close();

  // The list finds it among the unpublished stories.
  await page.getByRole('link', { name: 'All stories' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('unpublished');
  await page.getByRole('button', { name: 'Show stories' }).click();
  await expect(page.getByRole('link', { name: headline })).toBeVisible();
});

test('the stories screens are free of serious axe violations and work by keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  await signInInBrowser(page, staffAccount('editor-axe'));
  await page.goto('/admin/stories');
  await expect(page.getByRole('heading', { level: 1, name: 'Stories' })).toBeVisible();
  await expect(page.locator('.story-row').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'stories-list');

  // By keyboard: the filter form, then a story from the list.
  await page.getByLabel('Brand', { exact: true }).focus();
  await page.keyboard.press('ArrowDown'); // The Masthead
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Show stories' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/brand=main/);
  await expect(page.getByRole('heading', { name: 'Matching stories' })).toBeVisible();
  await page.getByRole('link', { name: /Rangers rally/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Rangers rally/ })).toBeVisible();
  await expect(page.getByText('Published since')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'story-published');

  await page.goto('/admin/stories/new');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Enter the headline.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await writeStory(page, `A draft to look at ${Date.now()}`);
  expect(await seriousViolations(page)).toEqual([]);
  // axe cannot enter the preview's sandboxed frame (no scripts run there): the page in it is
  // the story page, which the publisher-site specs judge.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Preview of the story"]').getByText(MEMBERS_PART)).toBeVisible();
  await shoot(page, 'story-new');
});

test.describe('at phone widths', () => {
  test.use({ viewport: NARROWEST });

  test('the stories screens fit 320 and 375 px, with targets of 24 px', async ({ page }) => {
    test.setTimeout(60_000);
    await signInInBrowser(page, staffAccount('editor-phone'));
    const check = async (screen: string) => {
      await expectFits(page, screen, PHONE_WIDTHS);
    };
    await page.goto('/admin/stories?status=published');
    await expect(page.locator('.story-row').first()).toBeVisible();
    await check('the story list');
    await page.goto('/admin/stories/new');
    await writeStory(page, `A phone-width draft with a long headline ${Date.now()}`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await check('the story editor');
    // The preview (axe cannot enter its sandboxed frame): it must not widen the page either.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.frameLocator('iframe[title="Preview of the story"]').getByText(MEMBERS_PART)).toBeVisible();
    await expect.soft(await sidewaysOverflow(page), 'the preview scrolls sideways').toEqual([]);
  });
});
