import AxeBuilder from '@axe-core/playwright';
import { JOURNEY } from './journeys';
import { expect, test, type Page } from '@playwright/test';
import { clickUntil, popupOverlay, uniqueId, widgetFrame } from './fixtures/referrals';

// The demo merchant page that `make run` serves at /demo/merchant (server/masthead/referrals/demo.py).

const embed = (page: Page) => widgetFrame(page, '#squatchembed');

/** The embed's two counters, as the referrer reads them. */
async function expectCounts(page: Page, referred: number, joined: number): Promise<void> {
  const frame = embed(page);
  await expect(frame.getByRole('definition').filter({ hasText: /^\d+$/ })).toHaveText([String(referred), String(joined)]);
}

test('the demo page shows the widget as popup, embed and call-to-action, and fetches nothing from other sites', async ({ page, baseURL }) => {
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const name = uniqueId('demo');
  await page.goto(`/demo/merchant?as=${name}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo merchant: Masthead referrals' })).toBeVisible();
  await expect(page.getByText(`You are acting as ${name}`)).toBeVisible();
  await expect(page.getByText('Nobody referred you.')).toBeVisible();

  // The embed, with the reader's stats: a data: frame, which the page's policy allows (no
  // fallback to a sandboxed frame of its own process, PROTOCOL.md).
  await expect(embed(page).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(page.locator('#squatchembed iframe')).toHaveAttribute('src', /^data:text\/html/);
  await expect(page.locator('#squatchembed iframe')).not.toHaveAttribute('sandbox');
  await expectCounts(page, 0, 0);
  // The share link is on the page too.
  await expect(page.locator('#share-link')).toHaveAttribute('href', new RegExp(`^${baseURL}/a/test_masthead/r/`));

  // The popup, from the trigger; the backdrop closes it.
  const overlay = popupOverlay(page);
  await expect(overlay).toBeHidden();
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  await expect(widgetFrame(page, 'body > div[role="dialog"]').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await overlay.click({ position: { x: 10, y: 10 } });
  await expect(overlay).toBeHidden();

  // The call-to-action at the bottom right opens the same popup.
  const cta = page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' });
  await expect(cta).toBeVisible();
  const box = await page.locator('body > iframe').boundingBox();
  expect(box && 1280 - (box.x + box.width)).toBeCloseTo(20, 0);
  await clickUntil(cta, () => expect(overlay).toBeVisible({ timeout: 1_000 }));
  await overlay.click({ position: { x: 10, y: 10 } });
  await expect(overlay).toBeHidden();

  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect([...origins]).toEqual([baseURL]);
});

test('the embed is part of the page (no close button), and each presentation records its own engagement medium', async ({ page }) => {
  const loads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/widgets/analytics/loaded?')) loads.push(new URL(request.url()).searchParams.get('engagementMedium') ?? '');
  });
  await page.goto(`/demo/merchant?as=${uniqueId('demo-media')}`);
  await expect(embed(page).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(embed(page).getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(embed(page).getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect.poll(() => loads).toEqual(['EMBED']);

  const cta = page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' });
  await clickUntil(cta, () => expect(popupOverlay(page)).toBeVisible({ timeout: 1_000 }));
  await expect.poll(() => loads).toEqual(['EMBED', 'CTA']);
  // The popup the CTA opened closes with its own close button; the embed stays.
  await clickUntil(widgetFrame(page, 'body > div[role="dialog"]').getByRole('button', { name: 'Close' }), () =>
    expect(popupOverlay(page)).toBeHidden({ timeout: 1_000 }),
  );
  await expect(embed(page).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
});

// WCAG 2.2: no sideways scrolling at 320 CSS px (1.4.10), pointer targets of 24 × 24 px or more (2.5.8).
for (const width of [375, 320]) {
  test(`at ${width}px the demo page does not scroll sideways, its CTA is on screen and every target is 24 × 24 px or more`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto(`/demo/merchant?as=${uniqueId('demo-phone')}`);
    await expect(embed(page).getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
    await expect(page.locator('#share-link')).toHaveAttribute('href', /\/r\//);
    const cta = page.locator('body > iframe');
    await expect(cta).toHaveCSS('opacity', '1');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const box = await cta.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);

    const small = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea'))
        .map((target) => ({ target, rect: target.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && (rect.width < 24 || rect.height < 24))
        .map(({ target, rect }) => `${target.outerHTML.slice(0, 60)}: ${Math.round(rect.width)} × ${Math.round(rect.height)}`),
    );
    expect(small).toEqual([]);
    const button = await page.frameLocator('body > iframe').getByRole('button', { name: 'Refer a friend' }).boundingBox();
    expect(button && button.width >= 24 && button.height >= 24).toBe(true);

    // The page a share link lands on (a visitor's) too.
    await page.goto('/demo/merchant?_saasquatch=e30');
    await expect(page.getByRole('heading', { name: 'You followed a share link' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('a friend who follows the share link, registers and buys is counted in the referrer’s widget', JOURNEY, async ({ page, context }) => {
  const referrer = uniqueId('referrer');
  await page.goto(`/demo/merchant?as=${referrer}`);
  await expectCounts(page, 0, 0);
  const shareLink = page.locator('#share-link');
  await expect(shareLink).toHaveAttribute('href', /\/a\/test_masthead\/r\/[A-Z0-9]+$/);
  const code = (await shareLink.getAttribute('href'))?.split('/').pop() ?? '';

  // The friend opens the share link in a new tab: it leads to this page with the referral parameter.
  const opened = context.waitForEvent('page');
  await shareLink.click();
  const friend = await opened;
  await expect(friend.getByRole('heading', { name: 'You followed a share link' })).toBeVisible();
  expect(new URL(friend.url()).searchParams.get('_saasquatch')).toBeTruthy();
  await expect(friend.getByLabel('Referral code')).toHaveValue(code);
  expect((await context.cookies()).map((cookie) => cookie.name)).toContain('_saasquatch');

  const email = `${uniqueId('friend')}@example.com`;
  await friend.getByLabel('First name').fill('Frida');
  await friend.getByLabel('Email address').fill(email);
  await friend.getByRole('button', { name: 'Register' }).click();
  await expect(friend).toHaveURL(/\/demo\/merchant\?as=friend-/);
  await expect(friend.getByText(`You were referred with the code ${code}.`)).toBeVisible();
  await expect(embed(friend).getByText('Hi Frida!')).toBeVisible();

  // Scrolling down to the button right after the page loaded can send the click to where the
  // embed's frame was before the scroll (Chromium routes input to out-of-process frames by
  // hit-test data that lags a scroll): click until it takes. A repeated purchase converts once.
  await clickUntil(friend.getByRole('button', { name: 'Buy a membership' }), () =>
    expect(friend.getByText(/^Purchase recorded\./)).toBeVisible({ timeout: 2_000 }),
  );

  // The referrer reloads: one friend referred, one who joined, and a reward.
  await page.reload();
  await expectCounts(page, 1, 1);
  await expect(embed(page).getByRole('listitem').filter({ hasText: '$10 off your next month' })).toBeVisible();
});

test('the demo page refuses a name it cannot use as an id', async ({ request }) => {
  const response = await request.get('/demo/merchant', { params: { as: '<script>' } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('must be 1 to 64 letters, digits, - or _');
});
