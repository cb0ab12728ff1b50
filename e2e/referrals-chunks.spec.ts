import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { MERCHANT_ORIGIN, openMerchantPage, popupOverlay, renderWidget, uniqueId, widgetFrame } from './fixtures/referrals';

// The classic script shows popups and embeds by itself; the CTA (and the library's other rarely
// used parts) come as chunks fetched on first use from beside the script, wherever the page
// loaded it from (widget/README.md).

const dist = (name: string): string => fileURLToPath(new URL(`../widget/dist/${name}`, import.meta.url));

/** The scripts the page requested, by URL. */
function scriptsLoaded(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

/** The upsert reply asks for a CTA on this page (a widgetUrlMappings entry with showAsCTA). */
async function showAsCta(page: Page): Promise<void> {
  await page.route('**/api/v1/test_masthead/widget/account/*/user/*/upsert*', async (route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as { jsOptions: Record<string, unknown> };
    reply.jsOptions = { ...reply.jsOptions, widgetUrlMappings: [{ url: '/merchant', widgetType: 'REFERRER_WIDGET', showAsCTA: true }] };
    await route.fulfill({ response, json: reply });
  });
}

async function expectCta(page: Page): Promise<void> {
  const button = page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' });
  await expect(button).toBeVisible();
  await expect(page.locator('body > iframe')).toHaveCSS('opacity', '1');
  await button.click();
  await expect(popupOverlay(page)).toBeVisible();
}

test('from the Masthead server: a popup needs the script alone, a CTA adds its chunk from beside it', async ({ page, baseURL }) => {
  const scripts = scriptsLoaded(page);
  await openMerchantPage(page, baseURL);
  const id = uniqueId('chunks-popup');
  await renderWidget(page, baseURL, 'popup', { config: { user: { id, accountId: id }, displayOnLoad: true } });
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  expect(scripts).toEqual([`${baseURL}/widget/squatch.min.js`]);

  await showAsCta(page);
  await page.reload();
  await page.waitForFunction(() => (window as { squatchLoaded?: boolean }).squatchLoaded === true);
  scripts.length = 0;
  const other = uniqueId('chunks-cta');
  await renderWidget(page, baseURL, 'cta', { config: { user: { id: other, accountId: other } } });
  await expectCta(page);
  expect(scripts.filter((url) => url.includes('/squatch-'))).toEqual([`${baseURL}/widget/squatch-cta.js`]);
});

test("loaded from the merchant's own server, the script fetches its chunks from there too", async ({ page, baseURL }) => {
  const scripts = scriptsLoaded(page);
  // The merchant copied widget/dist to /static/referrals/ of its own site.
  await page.route(`${MERCHANT_ORIGIN}/static/referrals/*.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: readFileSync(dist(new URL(route.request().url()).pathname.split('/').pop()!)) }),
  );
  await showAsCta(page);
  await openMerchantPage(page, baseURL, { origin: MERCHANT_ORIGIN, script: `${MERCHANT_ORIGIN}/static/referrals/squatch.min.js` });
  const id = uniqueId('chunks-self-hosted');
  await renderWidget(page, baseURL, 'cta', { config: { user: { id, accountId: id } } });
  await expectCta(page);
  expect(scripts).toEqual([`${MERCHANT_ORIGIN}/static/referrals/squatch.min.js`, `${MERCHANT_ORIGIN}/static/referrals/squatch-cta.js`]);

  // A registration reloads the widget and shows the follow-up: code and document of the documents chunk.
  await page.evaluate(() => window.testWidgets.cta!.reload!({ email: 'friend@example.com', firstName: 'Ann' }));
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByText('Has been successfully registered')).toBeVisible();
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByRole('button', { name: 'Show Stats' })).toBeVisible();
  expect(scripts).toContain(`${MERCHANT_ORIGIN}/static/referrals/squatch-documents.js`);
});
