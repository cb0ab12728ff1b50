import { expect, test, type Page } from '@playwright/test';
import { clickUntil, openMerchantPage, popupOverlay, queryOf, renderWidget, stylesOf, uniqueId, widgetFrame } from './fixtures/referrals';

// The call-to-action button: a small fixed frame placed by jsOptions.cta.content
// (buttonSide × buttonPosition), shown when a widgetUrlMappings entry for the page sets
// showAsCTA (spec sections 2 and 9). The reply comes from the real server, template and its
// #cta button included; the spec sets only the two jsOptions it is about.

const WIDTH = 1280;
const HEIGHT = 800;

type Side = 'left' | 'right' | 'center';
type Position = 'top' | 'middle' | 'bottom';
type Offsets = Partial<Record<'left' | 'right' | 'top' | 'bottom', string>>;

const PLACEMENTS: [Side, Position, Offsets][] = [
  ['left', 'top', { left: '20px', top: '-10px' }],
  ['left', 'middle', { left: '-10px', top: '45%' }],
  ['left', 'bottom', { left: '20px', bottom: '-10px' }],
  ['right', 'top', { right: '20px', top: '-10px' }],
  ['right', 'middle', { right: '-10px', top: '45%' }],
  ['right', 'bottom', { right: '20px', bottom: '-10px' }],
  ['center', 'top', { right: '45%', top: '-10px' }],
  ['center', 'middle', { right: '45%', top: '45%' }],
  ['center', 'bottom', { right: '45%', bottom: '-10px' }],
];

const UPSERT = '**/api/v1/test_masthead/widget/account/*/user/*/upsert*';

/** The upsert's reply rewritten to show the widget as a CTA with these options (a route set
 * before replaces the one before it). */
async function showAsCta(page: Page, cta: Record<string, unknown> | undefined): Promise<void> {
  await page.unroute(UPSERT);
  await page.route(UPSERT, async (route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as { template: string; jsOptions: Record<string, unknown> };
    const jsOptions = { ...reply.jsOptions };
    delete jsOptions.cta;
    reply.jsOptions = {
      ...jsOptions,
      widgetUrlMappings: [{ url: '/merchant', widgetType: 'REFERRER_WIDGET', displayOnLoad: false, showAsCTA: true }],
      ...(cta ? { cta } : {}),
    };
    await route.fulfill({ response, json: reply });
  });
}

/** The CTA frame (the library appends it to the body) once it knows its size and shows. */
async function ctaFrame(page: Page) {
  const frame = page.locator('body > iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveCSS('opacity', '1');
  await expect(page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' })).toBeVisible();
  return frame;
}

/** Where the box is, measured from each edge of the window it names. */
function distances(box: { x: number; y: number; width: number; height: number }) {
  return { left: box.x, right: WIDTH - (box.x + box.width), top: box.y, bottom: HEIGHT - (box.y + box.height) };
}

// Every placement in one page, loaded again for each: a step each, so a failure names it.
test('the CTA sits where buttonSide and buttonPosition place it', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  for (const [side, position, offsets] of PLACEMENTS) {
    await test.step(`at the ${position} ${side}`, async () => {
      await showAsCta(page, { content: { buttonSide: side, buttonPosition: position } });
      await openMerchantPage(page, baseURL);
      const id = uniqueId('cta');
      await renderWidget(page, baseURL, 'cta', { config: { user: { id, accountId: id } } });
      const frame = await ctaFrame(page);

      const styles = await stylesOf(frame, ['left', 'right', 'top', 'bottom', 'position']);
      expect(styles.computed.position).toBe('fixed');
      expect(styles.inline).toEqual({ left: '', right: '', top: '', bottom: '', position: 'fixed', ...offsets });

      // What a person sees: the button's distance from the edges it is placed against.
      const box = await frame.boundingBox();
      if (!box) throw new Error('the CTA frame has no box');
      const seen = distances(box);
      for (const [edge, value] of Object.entries(offsets)) {
        const size = edge === 'left' || edge === 'right' ? WIDTH : HEIGHT;
        const expected = value.endsWith('%') ? (parseFloat(value) / 100) * size : parseFloat(value);
        expect(seen[edge as keyof typeof seen], `${edge} ${value}`).toBeCloseTo(expected, 0);
      }
    });
  }
});

test('without cta options the CTA sits at the bottom right, and clicking it opens the popup', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  await showAsCta(page, undefined);
  await openMerchantPage(page, baseURL);
  const id = uniqueId('cta-default');
  await renderWidget(page, baseURL, 'cta', { config: { user: { id, accountId: id } } });
  const frame = await ctaFrame(page);
  expect((await stylesOf(frame, ['right', 'bottom'])).inline).toEqual({ right: '20px', bottom: '-10px' });
  const seen = distances((await frame.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 });
  expect(seen.right).toBeCloseTo(20, 0);
  expect(seen.bottom).toBeCloseTo(-10, 0);

  const overlay = popupOverlay(page);
  await expect(overlay).toBeHidden();
  await clickUntil(page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' }), () =>
    expect(overlay).toBeVisible({ timeout: 1_000 }),
  );
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  // The button is no longer part of the popup's document; the popup closes with its close button.
  const popup = widgetFrame(page, 'body > div[role="dialog"]');
  await expect(popup.getByRole('button', { name: 'Refer a friend' })).toHaveCount(0);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(overlay).toBeHidden();
});

test('a widget shown as a CTA records its load as engagement medium CTA, which the server accepts', async ({ page, baseURL }) => {
  await showAsCta(page, undefined);
  await openMerchantPage(page, baseURL);
  const id = uniqueId('cta-analytics');
  await renderWidget(page, baseURL, 'cta', { config: { user: { id, accountId: id } } });
  await ctaFrame(page);
  const loaded = page.waitForResponse((response) => response.url().includes('/a/test_masthead/widgets/analytics/loaded?'));
  await clickUntil(page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' }), () =>
    expect(popupOverlay(page)).toBeVisible({ timeout: 1_000 }),
  );
  const load = await loaded;
  expect(queryOf(load.request())).toEqual({ externalAccountId: id, externalUserId: id, engagementMedium: 'CTA' });
  expect(load.status()).toBe(204);
});
