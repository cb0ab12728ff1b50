/**
 * An editor changes a brand's static page in the console (issue 14, static pages): preview,
 * save, the site shows it at once, and the built-in text comes back. The Good Life's terms
 * are used because no other spec reads them while this one runs.
 */
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { NARROWEST, expectFits } from './reflow';
import { port } from './server';
import { signInInBrowser, staffAccount } from './staff';

const SITE_TERMS = `http://lifestyle.localhost:${port}/terms/`;

async function expectSound(page: Page, screen: string) {
  expect(await seriousViolations(page), screen).toEqual([]);
  await expectFits(page, screen);
}

test('an editor previews, saves and resets a static page; the site follows', async ({ page, context }) => {
  test.setTimeout(90_000);
  const line = `Updated in the console ${Date.now()}.`;
  await signInInBrowser(page, staffAccount('static-pages'));
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Static pages' }).click();
  const lifestyle = page.locator('section', { has: page.getByRole('heading', { name: 'The Good Life' }) });
  await expectSound(page, 'the static pages list');
  await lifestyle.getByRole('link', { name: /Terms of use/ }).click();

  const body = page.getByRole('textbox', { name: /Text \(HTML\)/ });
  await expect(body).toHaveValue(/<p>/);
  await expectSound(page, 'the static page editor');
  await body.fill(`${await body.inputValue()}<p>${line}</p>`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.frameLocator('iframe[title="Preview of Terms of use"]').getByText(line)).toBeVisible();

  // Nothing is public until it is saved.
  const site = await context.newPage();
  await site.goto(SITE_TERMS);
  await expect(site.getByRole('main')).not.toContainText(line);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. The Good Life’s /terms/ shows the new text now.')).toBeVisible();
  await site.reload();
  await expect(site.getByRole('main')).toContainText(line);

  await page.getByRole('button', { name: 'Bring back the built-in text' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bring back the built-in text?' });
  await expect(dialog.getByRole('button', { name: 'Keep the edited text' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Bring back the built-in text' }).click();
  await expect(page.getByText('/terms/ shows its built-in text again.')).toBeVisible();
  await site.reload();
  await expect(site.getByRole('main')).not.toContainText(line);
  await expect(site).toHaveTitle('Terms of use | The Good Life');
});

test.describe('at phone width', () => {
  test.use({ viewport: NARROWEST });

  test('the static pages screens fit 320 px', async ({ page }) => {
    await signInInBrowser(page, staffAccount('static-pages-phone'));
    await page.goto('/admin/pages');
    await expect(page.getByRole('heading', { name: 'The Good Life' })).toBeVisible();
    await expectSound(page, 'the static pages list at 320 px');
    await page.goto('/admin/pages/lifestyle/privacy');
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Privacy policy');
    await expectSound(page, 'the static page editor at 320 px');
  });
});
