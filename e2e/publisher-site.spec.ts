import { existsSync } from 'node:fs';
import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi } from './helpers';
import { decisionsKey, port } from './server';

/**
 * The publisher's pages: the paywall as an anonymous reader, a subscriber and a forger;
 * the membership menu at both breakpoints; the three brands. SITE_SHOTS=/some/dir keeps
 * desktop and 375px screenshots of each brand.
 */
const shotsDir = process.env.SITE_SHOTS;

const MEMBERS_STORY = {
  path: '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/',
  headline: 'Rangers rally from three down to stun Bruins in overtime',
  teaser: 'Down 4-1 with nine minutes left',
  members: "Marchetti's winner came 2:17 into overtime",
};
const FREE_STORY = {
  path: '/2026/11/21/jets-name-rookie-starter-after-week-of-quarterback-drama/',
  body: 'The veteran he replaces, Drew Hollins, was blunt at his locker.',
};
const SEGMENT = { name: 'vip-go-seg', value: 'vc-v1__is-subscriber_--_yes' };

test.beforeAll(() => {
  const manifest = new URL('../web/dist-site/.vite/manifest.json', import.meta.url);
  if (!existsSync(manifest)) throw new Error('The islands are not built: run `npm run build:site`.');
});


const paywall = (page: Page) => page.getByRole('region', { name: /Keep reading|whole scoop|Unlock/ });
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function subscribeMonthly(page: Page) {
  await page.goto('/account/subscribe');
  await page.getByRole('button', { name: 'Try for free' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
  await page.getByLabel('Card Number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiration').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Zip Code').fill('10001');
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
}

test('the story is painted before any of the islands run, on a first visit and a repeat one', async ({ page }) => {
  const times = () =>
    page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
      islands: performance.getEntriesByName('masthead:islands-start')[0]?.startTime ?? -1,
    }));
  for (const visit of [() => page.goto(MEMBERS_STORY.path), () => page.reload()]) {
    await visit();
    await page.waitForFunction(() => performance.getEntriesByName('masthead:islands-start').length > 0);
    const { painted, islands } = await times();
    expect(painted).toBeGreaterThan(0);
    expect(islands).toBeGreaterThan(painted);
  }
});

test('an anonymous reader sees the teaser, the covered body and the call to action', async ({ page }) => {
  await page.goto(MEMBERS_STORY.path);
  await expect(page.getByRole('heading', { level: 1, name: MEMBERS_STORY.headline })).toBeVisible();
  await expect(page.getByText(MEMBERS_STORY.teaser)).toBeVisible();
  await expect(page.locator('#story-body')).toHaveClass(/story__body--covered/);
  const cover = paywall(page);
  await expect(cover.getByRole('heading', { name: 'Keep reading with Sports+' })).toBeVisible();
  // The buy button carries the plan and the story into the payflow (paywall-handoff.spec.ts).
  await expect(cover.getByRole('link', { name: 'Get 1 Year for $39.99' })).toHaveAttribute(
    'href',
    `/account/subscribe?${new URLSearchParams({ plan: 'sports-annual', redirect: MEMBERS_STORY.path }).toString()}`,
  );
  await expect(cover.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/account/login?redirect=${MEMBERS_STORY.path}`);
  await expect(page.getByText('Sports+ members read every story. Get 1 Year for $39.99.')).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText(MEMBERS_STORY.members)).toHaveCount(0);
  expect(await page.content()).not.toContain(MEMBERS_STORY.members);
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []);
  expect(events.map((event) => event.event)).toContain('articleview');
  expect(await seriousViolations(page)).toEqual([]);

  // A free story is all there, with a call-to-action spot at its end.
  await page.goto(FREE_STORY.path);
  await expect(page.getByText(FREE_STORY.body)).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Membership' }).getByRole('heading', { name: 'Get Sports+' })).toBeVisible();
});

test.describe('outside the supported region', () => {
  test.use({ extraHTTPHeaders: { 'X-Test-Country': 'FR' } });

  test('the paywall offers no plan: the page says the region is not supported', async ({ page }) => {
    const response = await page.goto(MEMBERS_STORY.path);
    expect(response?.headers().vary).toContain('X-Test-Country');
    const cover = paywall(page);
    await expect(cover.getByText('Membership is not available in your region.')).toBeVisible();
    await expect(cover.getByRole('link', { name: /Get 1 Year/ })).toHaveCount(0);
    await expect(page.locator('#story-body')).toHaveClass(/story__body--covered/);
    if (shotsDir) {
      await page.screenshot({ path: `${shotsDir}/outside-region-story-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await page.screenshot({ path: `${shotsDir}/outside-region-story-375.png`, fullPage: true });
    }
  });
});

test('after subscribing through the payflow the full body appears on the story', async ({ page, context }) => {
  await registerByApi(page.request, newReader('paywall'));
  await page.goto(MEMBERS_STORY.path);
  const cover = paywall(page);
  await expect(cover.getByRole('link', { name: 'Get 1 Year for $39.99' })).toBeVisible();
  await expect(cover.getByRole('link', { name: 'Log in' })).toHaveCount(0); // signed in already
  await expect(mainMenu(page).getByRole('link', { name: 'Account settings' })).toBeVisible();

  await subscribeMonthly(page);
  await page.goto(MEMBERS_STORY.path);
  await expect(page.getByText(MEMBERS_STORY.members)).toBeVisible();
  await expect(page.locator('#story-body')).not.toHaveClass(/story__body--covered/);
  await expect(page.getByRole('link', { name: 'Get 1 Year for $39.99' })).toHaveCount(0);
  await expect(page.getByText('Thanks for being a Sports+ member.')).toBeVisible();
  // The server's answer is remembered as the segment hint, following the cookie settings.
  const segment = (await context.cookies()).find((cookie) => cookie.name === SEGMENT.name);
  expect(segment).toMatchObject({ value: SEGMENT.value, path: '/', sameSite: 'Lax' });
  // Set to expire in 2999; Chromium keeps any cookie at most 400 days.
  expect(segment!.expires).toBeGreaterThan(Date.now() / 1000 + 399 * 86400);
  expect(await seriousViolations(page)).toEqual([]);

  // Logging out from the main menu closes the story again.
  await mainMenu(page).getByRole('button', { name: 'Log out' }).click();
  await expect(mainMenu(page).getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText(MEMBERS_STORY.members)).toHaveCount(0);
  await expect(paywall(page).getByRole('link', { name: 'Get 1 Year for $39.99' })).toBeVisible();
  expect((await context.cookies()).some((cookie) => cookie.name === SEGMENT.name)).toBe(false);
});

test('the islands ask the decision engine, whose text campaign an operator edits while it runs', async ({ page, request }) => {
  const story = `http://gossip.localhost:${port}/2026/11/22/pop-star-and-quarterback-spotted-at-quiet-west-village-dinner/`;
  const features: string[] = [];
  const siteCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/zephr/decision-engine')) features.push((sent.postDataJSON() as { sdkFeatureSlug: string }).sdkFeatureSlug);
    if (sent.url().includes('/nyp-membership/v1/')) siteCalls.push(new URL(sent.url()).pathname);
  });
  await page.goto(story);
  const subtext = page.locator('#membership-subtext');
  await expect(subtext).toContainText(/members read every story\. Get 1 Year for \$39\.99\./);
  expect(features.sort()).toEqual(['membership-entitlement-check', 'text-campaigns']);
  expect(siteCalls.filter((path) => path.endsWith('/entitlement'))).toEqual([]);

  const headers = { Authorization: `Bearer ${decisionsKey}` };
  const added = await request.post('/operator/v1/decision-rules', {
    headers,
    data: {
      feature: 'text-campaigns',
      priority: 20,
      description: 'publisher-site.spec.ts: the gossip story speaks to signed-out readers',
      conditions: { path: new URL(story).pathname, readers: 'signed-out' },
      output: { subtext: 'Scoop fans: {membership} has it all. {action} today.' },
    },
  });
  expect(added.status()).toBe(201);
  const rule = (await added.json()) as { id: number };
  try {
    await page.reload();
    await expect(subtext).toContainText(/^Scoop fans: .+ has it all\. Get 1 Year for \$39\.99 today\.$/);
  } finally {
    expect((await request.delete(`/operator/v1/decision-rules/${rule.id}`, { headers })).status()).toBe(204);
  }
});

test('a forged segment cookie shows nothing more', async ({ page, context, baseURL }) => {
  const forge = () => context.addCookies([{ ...SEGMENT, url: baseURL }]);
  const released: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/content/')) released.push(`${response.status()}`);
  });
  for (const who of ['anonymous', 'a reader without a membership']) {
    if (who !== 'anonymous') await registerByApi(page.request, newReader('forger'));
    await forge();
    await page.goto(MEMBERS_STORY.path);
    // The hint buys the loader, never the body; the server's answer brings the offer back.
    await expect(paywall(page).getByRole('link', { name: 'Get 1 Year for $39.99' })).toBeVisible();
    await expect(page.getByText(MEMBERS_STORY.members)).toHaveCount(0);
    await expect(page.locator('#story-body')).toHaveClass(/story__body--covered/);
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === SEGMENT.name)).toBe(false);
  }
  expect(released).toEqual([]); // the page itself never asked for the body
  // Asked directly with the page's nonce, the content call refuses too.
  await forge();
  const status = await page.evaluate(async () => {
    const content = JSON.parse(document.getElementById('membership-content')?.textContent ?? '{}') as { contentId: string; nonce: string };
    const response = await fetch(`/wp-json/nyp-membership/v1/content/${content.contentId}`, { headers: { 'X-WP-Nonce': content.nonce } });
    return { status: response.status, body: await response.text() };
  });
  expect(status.status).toBe(403);
  expect(status.body).not.toContain('Marchetti');
});

test.describe('the membership menu', () => {
  test('on desktop (990px) it drops under its toggle and closes on a click outside', async ({ page }) => {
    await page.setViewportSize({ width: 990, height: 800 });
    await page.goto(FREE_STORY.path);
    const toggle = page.getByRole('button', { name: 'Sports+' });
    const panel = page.getByRole('region', { name: 'Sports+ membership' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute('data-layout', 'desktop');
    await expect(panel.getByRole('button', { name: 'Close' })).toHaveCount(0);
    const [box, toggleBox] = [await panel.boundingBox(), await toggle.boundingBox()];
    expect(box!.width).toBeLessThan(400);
    expect(Math.abs(box!.x + box!.width - (toggleBox!.x + toggleBox!.width))).toBeLessThan(2); // right-aligned
    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('heading', { name: 'Sports+ membership' }).click(); // inside: stays open
    await expect(panel).toBeVisible();
    await toggle.click(); // the toggle toggles
    await expect(panel).toBeHidden();
    await toggle.click();
    await page.getByRole('heading', { level: 1 }).click(); // outside
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('on mobile (989px and 375px) it spans the page, closes by button, Escape or outside click', async ({ page }) => {
    await page.setViewportSize({ width: 989, height: 800 });
    await page.goto(FREE_STORY.path);
    const toggle = page.getByRole('button', { name: 'Sports+' });
    const panel = page.getByRole('region', { name: 'Sports+ membership' });
    await toggle.click();
    await expect(panel).toHaveAttribute('data-layout', 'mobile');
    expect((await panel.boundingBox())!.width).toBeGreaterThan(900);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(panel).toHaveAttribute('data-layout', 'mobile');
    expect((await panel.boundingBox())!.width).toBe(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter'); // by keyboard: open, then Escape closes and returns focus
    await expect(panel).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.getByText(FREE_STORY.body).click();
    await expect(panel).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('has no account items in the mobile app', async ({ page }) => {
    await registerByApi(page.request, newReader('app'));
    await page.goto(`${FREE_STORY.path}?mobileApp=true`);
    await expect(page.getByRole('complementary', { name: 'Membership' })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Account settings' })).toHaveCount(0);
    await expect(mainMenu(page).getByRole('button', { name: 'Log out' })).toHaveCount(0);
  });
});

const BRANDS = [
  { host: '127.0.0.1', name: 'The Masthead', colour: 'rgb(179, 18, 27)', story: MEMBERS_STORY.path, heading: 'Keep reading with Sports+', loader: 'Loading the full story…' },
  { host: 'gossip.localhost', name: 'The Scoop', colour: 'rgb(176, 23, 90)', story: '/2026/11/22/pop-star-and-quarterback-spotted-at-quiet-west-village-dinner/', heading: 'Members get the whole scoop', loader: 'Getting you the whole scoop…' },
  { host: 'lifestyle.localhost', name: 'The Good Life', colour: 'rgb(11, 110, 105)', story: '/2026/11/21/how-to-book-a-ski-week-that-doesnt-cost-a-months-rent/', heading: 'Unlock the full guide', loader: 'Loading your read…' },
];

for (const brand of BRANDS) {
  test(`the ${brand.name} brand looks like itself`, async ({ page }) => {
    const origin = `http://${brand.host}:${port}`;
    await page.goto(`${origin}/`);
    await expect(page).toHaveTitle(brand.name);
    await expect(page.getByRole('link', { name: brand.name })).toBeVisible();
    const header = page.getByRole('banner').locator('.site-header__bar');
    expect(await header.evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor)).toBe(brand.colour);
    expect(await seriousViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/${brand.host}-home-desktop.png`, fullPage: true });

    // The hinted loader speaks the brand's label in its colour; the cover its heading.
    await page.context().addCookies([{ ...SEGMENT, url: origin }]);
    await page.route('**/zephr/decision-engine', () => undefined); // keep the loader showing
    await page.goto(`${origin}${brand.story}`);
    const loader = page.getByRole('status').filter({ hasText: brand.loader });
    await expect(loader).toBeVisible();
    // Retried: the island may replace the server's loader while it is being read.
    await expect(loader.locator('.loader__disc').first()).toHaveCSS('border-top-color', /^rgb/);
    await page.unroute('**/zephr/decision-engine');
    await page.context().clearCookies();
    await page.goto(`${origin}${brand.story}`);
    await expect(paywall(page).getByRole('heading', { name: brand.heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/${brand.host}-story-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (shotsDir) {
      await page.screenshot({ path: `${shotsDir}/${brand.host}-story-375.png`, fullPage: true });
      await page.goto(`${origin}/`);
      await page.screenshot({ path: `${shotsDir}/${brand.host}-home-375.png`, fullPage: true });
    }
  });
}
