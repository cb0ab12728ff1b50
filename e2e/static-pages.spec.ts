import { expect, test } from '@playwright/test';
import { seriousViolations, TAGS } from './axe';
import { expectFits, sidewaysOverflow } from './reflow';
import { origin, port } from './server';

/**
 * The pages every footer, the register form, checkout and the cancellation link point to,
 * the "Page not found" pages, the API docs and the brands' icons: no dead ends, nothing
 * fetched from a third party, WCAG 2.2 AA at every width.
 */

const STATIC_PAGES = [
  { path: '/membership-terms', heading: 'Membership terms', link: 'Membership terms' },
  { path: '/terms/', heading: 'Terms of use', link: 'Terms' },
  { path: '/privacy/', heading: 'Privacy policy', link: 'Privacy' },
];
const NOT_FOUND_PAGES = ['/no-such-page', '/account/no-such-page'];
const WIDTHS = [1280, 375, 320];

test("the footer's links lead to the brand's static pages", async ({ page }) => {
  await page.goto('/');
  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const { path, heading, link } of STATIC_PAGES) {
    await legal.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(`${origin}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | The Masthead`);
  }
});

test("the register form's terms and privacy links lead to real pages", async ({ page }) => {
  for (const [link, heading] of [
    ['Terms of Use', 'Terms of use'],
    ['Privacy Policy', 'Privacy policy'],
  ] as const) {
    await page.goto('/account/register');
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('the cancellation link opens the membership terms at their cancellation section', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  const response = await page.goto('/membership-terms#cancellation');
  expect(response?.status()).toBe(200);
  const section = page.getByRole('heading', { level: 2, name: 'Cancelling your membership' });
  await expect(section).toHaveAttribute('id', 'cancellation');
  await expect(section).toBeInViewport();
});

test('each brand has its own pages', async ({ page }) => {
  for (const [brand, name] of [
    ['gossip', 'The Scoop'],
    ['lifestyle', 'The Good Life'],
  ] as const) {
    const response = await page.goto(`http://${brand}.localhost:${port}/privacy/`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(`Privacy policy | ${name}`);
    await expect(page.getByRole('main')).toContainText(`what ${name} collects`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', `/favicon/${brand}.svg`);
  }
});

test('an unknown address is a 404 page in the brand, with ways on', async ({ page }) => {
  const site = await page.goto('/no-such-page');
  expect(site?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | The Masthead');
  await page.getByRole('link', { name: 'Read the latest from The Masthead' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest from The Masthead' })).toBeVisible();

  const account = await page.goto('/account/no-such-page');
  expect(account?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'The Masthead', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Read the latest from The Masthead' }).click();
  await expect(page).toHaveURL(`${origin}/`);

  const api = await page.request.get('/blaize/no-such-call');
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ type: 'not-found', message: 'There is nothing at this address.' });
});

test('the API docs come from Masthead itself', async ({ page }) => {
  test.setTimeout(90_000); // axe over all of Swagger UI's operations takes a while
  const requests: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /^Masthead/ }).first()).toBeVisible();
  // With 150 operations and tags or more, Swagger UI draws only those near the viewport, so
  // the reader's calls (after the site's) appear as a reader scrolls down to them.
  const account = page.getByText('/blaize/account', { exact: true }).first();
  await expect(async () => {
    await page.mouse.wheel(0, 500);
    await expect(account).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 15_000 });
  expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([]);
  expect(failed).toEqual([]);
  // Swagger UI's contrast is darkened and its operations open without nested links.
  await page.getByRole('button', { name: /GET \/blaize\/account/ }).first().click();
  await expect(page.getByRole('button', { name: 'Try it out' }).first()).toBeVisible();
  // With WCAG 2.2's target size (2.5.8, its spacing exception taken: Swagger UI's own small
  // controls stand apart) in the same pass (each pass over Swagger UI takes seconds), and
  // 2.2 and reflow at the narrowest width too.
  expect(await seriousViolations(page, [...TAGS, 'wcag22aa']), '1280px').toEqual([]);
  expect(await sidewaysOverflow(page), '1280px').toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await seriousViolations(page, ['wcag22aa']), '320px').toEqual([]);
  expect(await sidewaysOverflow(page), '320px').toEqual([]);
});

test('every page names its brand icon, and no page asks for a missing one', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    // The pages' own files: a 404 page's document and the account area's API calls are not.
    const asset = !['document', 'fetch', 'xhr'].includes(response.request().resourceType());
    if (response.status() >= 400 && asset) failed.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/membership-terms', '/no-such-page', '/account/login', '/account/no-such-page', '/api/docs']) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, path).toBe('/favicon/main.svg');
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/svg+xml');
  }
  expect((await page.request.get('/favicon.ico')).headers()['content-type']).toBe('image/svg+xml');
  await page.waitForLoadState('networkidle');
  expect(failed).toEqual([]);
});

// Each page loaded once, its window then resized (reflow.ts expectFits says why that is enough).
test('the static and 404 pages meet WCAG 2.2 AA at every width', async ({ page }) => {
  for (const path of [...STATIC_PAGES.map((p) => p.path), ...NOT_FOUND_PAGES]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      await expectFits(page, path);
    }
  }
});

test('the static pages work from the keyboard', async ({ page }) => {
  await page.goto('/membership-terms');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  // The next stop is the first link of the text, then on to the footer's.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', { name: 'Membership' }).first()).toBeFocused();
  const privacy = page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' });
  for (let i = 0; i < 10 && !(await privacy.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(privacy).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
});
