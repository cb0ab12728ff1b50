import { expect, test, type Frame, type Page } from '@playwright/test';
import {
  clickUntil,
  openMerchantPage,
  popupOverlay,
  renderWidget,
  stylesOf,
  uniqueId,
  widgetDo,
  widgetFrame,
} from './fixtures/referrals';

// Masthead's widget library on a merchant page, against the real referral service: the
// popup, the embed, the frame's height and its sandbox (spec section 2).

async function contentFrame(page: Page, selector: string): Promise<Frame> {
  const frame = await page.locator(selector).elementHandle().then((handle) => handle?.contentFrame());
  if (!frame) throw new Error(`no frame at ${selector}`);
  return frame;
}

test('the popup opens from its trigger, closes on a backdrop click, and is parked off-screen when closed', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('popup');
  const { user } = await renderWidget(page, baseURL, 'popup', {
    config: { user: { id, accountId: id, firstName: 'Pat' }, widgetType: 'REFERRER_WIDGET' },
  });
  expect(user).toMatchObject({ id, accountId: id });

  const overlay = popupOverlay(page);
  const closed = { visibility: 'hidden', top: '-2000px' };
  await expect(overlay).toBeHidden();
  expect((await stylesOf(overlay, ['visibility', 'top'])).computed).toEqual(closed);

  await page.getByRole('button', { name: 'Refer a friend' }).click();
  await expect(overlay).toBeVisible();
  expect((await stylesOf(overlay, ['visibility', 'top', 'position'])).computed).toEqual({
    visibility: 'visible',
    top: '0px',
    position: 'fixed',
  });
  const frame = widgetFrame(page, 'body > div[role="dialog"]');
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(frame.getByText('Hi Pat!')).toBeVisible();
  // The template's call-to-action button (#cta) shows only in a CTA's own frame.
  await expect(frame.getByRole('button', { name: 'Refer a friend' })).toHaveCount(0);
  // Content: 80% of the window, at most 500px.
  expect((await stylesOf(overlay.locator(':scope > div'), ['width'])).computed.width).toBe('500px');
  await page.setViewportSize({ width: 400, height: 800 });
  expect((await stylesOf(overlay.locator(':scope > div'), ['width'])).computed.width).toBe('320px');
  await page.setViewportSize({ width: 1280, height: 800 });

  // A click on the dimmed backdrop, beside the content, closes it.
  await overlay.click({ position: { x: 20, y: 400 } });
  await expect(overlay).toBeHidden();
  expect((await stylesOf(overlay, ['visibility', 'top'])).computed).toEqual(closed);

  // The template's own close button closes it too.
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  await expect(overlay).toBeVisible();
  await clickUntil(frame.getByRole('button', { name: 'Close' }), () => expect(overlay).toBeHidden({ timeout: 1_000 }));
  expect((await stylesOf(overlay, ['visibility', 'top'])).computed).toEqual(closed);
});

test('the frame height follows its content, and the popup centres it until it is taller than the window', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('height');
  await renderWidget(page, baseURL, 'popup', { config: { user: { id, accountId: id } } });
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  const iframe = page.locator('body > div[role="dialog"] iframe');
  const frame = await contentFrame(page, 'body > div[role="dialog"] iframe');
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();

  const contentHeight = () => frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  const frameHeight = async () => Number(await iframe.getAttribute('height'));
  const first = await contentHeight();
  await expect.poll(frameHeight).toBe(first);
  expect(first).toBeGreaterThan(300);
  // It fits in the 800px window: centred.
  const padding = async () => (await stylesOf(popupOverlay(page), ['padding-top'])).inline['padding-top'];
  await expect.poll(padding).toBe(`${(800 - first) / 2}px`);

  await frame.evaluate(() => {
    const tall = document.createElement('div');
    tall.style.height = '1500px';
    document.querySelector('main')?.append(tall);
  });
  await expect.poll(frameHeight).toBe(first + 1500);
  expect((await iframe.boundingBox())?.height).toBe(first + 1500);
  // Taller than the window: 5px from the top.
  await expect.poll(padding).toBe('5px');
});

/**
 * A theme written for squatch-js, as SaaSquatch's API serves it: a full-height page with an inner
 * container and not one line of Masthead's frame protocol (squatch-js measures its frames itself).
 */
const FOREIGN_TEMPLATE =
  '<!DOCTYPE html><html lang="en"><head><title>Theme</title><style>html,body{height:100%;margin:0}' +
  '.squatch-container{height:420px;padding:16px;box-sizing:border-box;background:#eef}</style></head>' +
  '<body><div class="squatch-container"><h1>Refer a friend (SaaSquatch theme)</h1></div></body></html>';

/** The upsert reply carries FOREIGN_TEMPLATE instead of Masthead's template. */
async function serveForeignTemplate(page: Page): Promise<void> {
  await page.route('**/api/v1/test_masthead/widget/account/*/user/*/upsert*', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), template: FOREIGN_TEMPLATE } });
  });
}

test('a template that does not speak the frame protocol is sized to its content and centred all the same', async ({ page, baseURL }) => {
  await serveForeignTemplate(page);
  await openMerchantPage(page, baseURL);
  const id = uniqueId('foreign');
  await renderWidget(page, baseURL, 'popup', { config: { user: { id, accountId: id } } });
  await renderWidget(page, baseURL, 'embed', { config: { user: { id, accountId: id }, engagementMedium: 'EMBED' } });

  // The embed: the frame's height is the inner container's, not the 150px of a frame left alone.
  const embedded = page.locator('#squatchembed iframe');
  await expect(widgetFrame(page, '#squatchembed').getByRole('heading', { name: 'Refer a friend (SaaSquatch theme)' })).toBeVisible();
  await expect.poll(async () => (await embedded.boundingBox())?.height).toBe(420);

  // The popup: as tall as its content and centred in the 800px window.
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  const popup = widgetFrame(page, 'body > div[role="dialog"]');
  await expect(popup.getByRole('heading', { name: 'Refer a friend (SaaSquatch theme)' })).toBeVisible();
  const iframe = page.locator('body > div[role="dialog"] iframe');
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(420);
  await expect.poll(async () => (await iframe.boundingBox())?.y).toBe((800 - 420) / 2);

  // It follows the content as it changes.
  const frame = await contentFrame(page, 'body > div[role="dialog"] iframe');
  await frame.evaluate(() => document.querySelector<HTMLElement>('.squatch-container')!.style.setProperty('height', '600px'));
  await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(600);
  await expect.poll(async () => (await iframe.boundingBox())?.y).toBe(100);
});

test('an embed in a named container is collapsed until opened, and collapses again when closed', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('embed');
  await renderWidget(page, baseURL, 'embed', {
    config: { user: { id, accountId: id }, engagementMedium: 'EMBED', container: '#custom-embed' },
  });
  const container = page.locator('#custom-embed');
  const collapsed = { visibility: 'hidden', height: '0px' };
  await expect(container.locator('iframe')).toHaveCount(1);
  await expect(container).toBeHidden();
  expect((await stylesOf(container, ['visibility', 'height'])).computed).toEqual(collapsed);
  expect((await container.boundingBox())?.height).toBe(0);

  await widgetDo(page, 'embed', 'open');
  await expect(container).toBeVisible();
  const open = await stylesOf(container, ['visibility', 'height']);
  expect(open.inline).toEqual({ visibility: 'visible', height: 'auto' });
  const frame = widgetFrame(page, '#custom-embed');
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  // Automatic height: the container grows to hold the frame (an inline frame, plus its line's descent).
  await expect.poll(async () => (await container.boundingBox())?.height ?? 0).toBeGreaterThan(300);
  const frameBox = await container.locator('iframe').boundingBox();
  expect((await container.boundingBox())?.height).toBeGreaterThanOrEqual(frameBox?.height ?? Infinity);

  await widgetDo(page, 'embed', 'close');
  await expect(container).toBeHidden();
  expect((await stylesOf(container, ['visibility', 'height'])).computed).toEqual(collapsed);

  // An embed is part of its page: its template has no close button (a popup's has).
  await widgetDo(page, 'embed', 'open');
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Close' })).toHaveCount(0);
});

test('an embed in the default container (#squatchembed) shows at once', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('default-embed');
  await renderWidget(page, baseURL, 'embed', { config: { user: { id, accountId: id }, engagementMedium: 'EMBED' } });
  await expect(widgetFrame(page, '#squatchembed').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(widgetFrame(page, '#squatchembed').getByText('Friends referred')).toBeVisible();
  await expect(page.locator('#custom-embed iframe')).toHaveCount(0);
});

// Every frame starts with a boot document (a popup's while the server answers) and is given the
// template by message (PROTOCOL.md): a data: document, whose origin is opaque.
for (const [medium, container] of [
  ['EMBED', '#squatchembed'],
  ['POPUP', 'body > div[role="dialog"]'],
] as const) {
  test(`the template runs in a frame that cannot read the page, its cookies or its storage (${medium})`, async ({ page, baseURL, context }) => {
    await openMerchantPage(page, baseURL);
    await page.evaluate(() => {
      document.cookie = 'host_secret=s3cret; path=/';
      localStorage.setItem('host_secret', 's3cret');
    });
    const id = uniqueId('sandbox');
    await renderWidget(page, baseURL, 'widget', { config: { user: { id, accountId: id }, engagementMedium: medium } });
    await widgetDo(page, 'widget', 'open');
    await expect(widgetFrame(page, container).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();

    const frame = await contentFrame(page, `${container} iframe`);
    const seen = await frame.evaluate(() => {
      const attempt = (read: () => unknown): string => {
        try {
          return `read: ${String(read())}`;
        } catch (error) {
          return (error as Error).name;
        }
      };
      return {
        origin: origin,
        cookie: attempt(() => document.cookie),
        parentCookie: attempt(() => parent.document.cookie),
        parentBody: attempt(() => parent.document.body.innerHTML),
        storage: attempt(() => localStorage.getItem('host_secret')),
      };
    });
    expect(seen).toEqual({
      origin: 'null',
      cookie: 'SecurityError',
      parentCookie: 'SecurityError',
      parentBody: 'SecurityError',
      storage: 'SecurityError',
    });
    // The page's own cookie is still there: the frame was refused, the page was not touched.
    expect((await context.cookies()).find((cookie) => cookie.name === 'host_secret')?.value).toBe('s3cret');
  });
}

// A page whose policy refuses data: frames (frame-src without data:) refuses the boot document:
// the library falls back to srcdoc, sandboxed without allow-same-origin (PROTOCOL.md).
test('on a page whose policy refuses data: frames the popup still shows, in a sandboxed frame', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL, { csp: "frame-src 'self'" });
  const id = uniqueId('csp');
  await renderWidget(page, baseURL, 'widget', { config: { user: { id, accountId: id }, engagementMedium: 'POPUP' } });
  await widgetDo(page, 'widget', 'open');
  const container = 'body > div[role="dialog"]';
  await expect(widgetFrame(page, container).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  const sandbox = (await page.locator(`${container} iframe`).getAttribute('sandbox'))?.split(/\s+/) ?? [];
  expect(sandbox).toContain('allow-scripts');
  expect(sandbox).not.toContain('allow-same-origin');
  const frame = await contentFrame(page, `${container} iframe`);
  expect(await frame.evaluate(() => origin)).toBe('null');
  // Its script runs (the page allows inline scripts): the frame is sized to the template.
  await expect.poll(async () => Number(await page.locator(`${container} iframe`).getAttribute('height'))).toBeGreaterThan(100);
});
