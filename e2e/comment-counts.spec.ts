import { expect, test, type Page, type Request } from '@playwright/test';
import { seriousViolations } from './axe';

/**
 * The comment-count buttons (spec sections 2 and 7): every post on a page counted by ONE
 * messages-count request; the numbers are the demo comments' (server/masthead/comments/
 * seed.py: published ones only); a failed request shows 0; outside production (the e2e
 * server is not production) `#commentCount=N` overrides every count without asking.
 */
const COUNTS = '/comments/v1/messages-count';
const RALLY = { path: '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/', id: '3101' };
const JETS = { path: '/2026/11/21/jets-name-rookie-starter-after-week-of-quarterback-drama/', id: '3102' };
const SUBWAY = { path: '/2026/11/21/overnight-subway-service-returns-after-repairs-finish-early/', id: '3103' };
const KNICKS = { path: '/2026/11/20/inside-the-knicks-trade-deadline-plan/', id: '3104' };

const button = (page: Page, story: { path: string }) => page.locator(`a.comment-count[href="${story.path}#comments"]`);

/** The counts requests the page makes from now on. */
function countsRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === COUNTS) seen.push(request);
  });
  return seen;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

test('comment counts: one request per page, the seeded numbers, 0 on failure, #commentCount overrides', async ({ page }) => {
  const asked = countsRequests(page);

  await test.step('the home page asks once for all its stories', async () => {
    await page.goto('/');
    await expect(button(page, RALLY)).toHaveAccessibleName('3 comments');
    await expect(button(page, JETS)).toHaveAccessibleName('1 comment');
    await expect(button(page, SUBWAY)).toHaveAccessibleName('0 comments');
    await expect(button(page, KNICKS)).toHaveAccessibleName('0 comments');
    expect(asked).toHaveLength(1);
    const query = new URL(asked[0]!.url()).searchParams;
    expect(query.get('spot_id')).toBe('sp_MhMain01');
    expect(query.get('posts_ids')!.split(',').sort()).toEqual([RALLY.id, JETS.id, SUBWAY.id, KNICKS.id]);
    const box = await button(page, RALLY).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
  });

  await test.step("a story's share area asks once, and its button leads to the comments", async () => {
    asked.length = 0;
    await page.goto(RALLY.path);
    const share = page.locator('.story__share').getByRole('link', { name: '3 comments' });
    await expect(share).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Comments 3' })).toBeAttached();
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!.url()).searchParams.get('posts_ids')).toBe(RALLY.id);
    await share.click();
    await expect(page).toHaveURL(new RegExp(`${RALLY.path}#comments$`));
    await expect(page.getByRole('heading', { name: 'Comments 3' })).toBeInViewport();
  });

  await test.step('a failed request shows 0', async () => {
    await page.route(`**${COUNTS}?**`, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto('/');
    await expect(button(page, RALLY)).toHaveAccessibleName('0 comments');
    await page.unroute(`**${COUNTS}?**`);
    await page.route(`**${COUNTS}?**`, (route) => route.abort());
    await page.goto(JETS.path);
    await expect(page.locator('.story__share').getByRole('link')).toHaveAccessibleName('0 comments');
    await page.unroute(`**${COUNTS}?**`);
  });

  await test.step('#commentCount=7 overrides every count, without a request', async () => {
    asked.length = 0;
    await page.goto(`${RALLY.path}#commentCount=7`);
    await expect(page.locator('.story__share').getByRole('link')).toHaveAccessibleName('7 comments');
    await expect(page.getByRole('heading', { name: 'Comments 7' })).toBeAttached();
    await page.goto(`/section/sports/#commentCount=7`);
    await expect(button(page, RALLY)).toHaveAccessibleName('7 comments');
    expect(asked).toHaveLength(0);
  });

  await test.step('no horizontal scroll at 320 px', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', RALLY.path]) {
      await page.goto(path);
      await expect(button(page, RALLY).first()).toHaveAccessibleName('3 comments');
      await noHorizontalScroll(page);
    }
  });
});

test("a story's comment thread loads as the reader nears it: the seeded comments, nested, and the login prompt", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/comments/v1/thread') asked.push(request.url());
  });
  // A short window: the comments start further down than it and the loader's 200 px margin.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.goto(RALLY.path);
  await expect(page.getByRole('heading', { name: 'Comments 3' })).toBeAttached();
  const comments = page.locator('#comments');
  // The comments launcher is running, and has neither loaded the client nor asked anything yet.
  await expect(page.locator('#comments-thread[data-comments="waiting"]')).toBeAttached();
  // The observer's first report (not intersecting) comes with a frame: wait two.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(asked).toHaveLength(0);

  await comments.scrollIntoViewIfNeeded();
  const top = comments.getByRole('article', { name: /^Comment by / }).first();
  await expect(top).toContainText('Down three in the third and they still found a way.');
  // The reply, and the reply to the reply, under it (the seed: server/masthead/comments/seed.py).
  await expect(top.locator('.comments__replies article')).toHaveCount(2);
  await expect(top.locator('.comments__replies article').nth(0)).toContainText('The goalie kept them in it.');
  await expect(top.locator('.comments__replies article').nth(1)).toContainText('Two huge saves in overtime alone.');
  await expect(comments.getByText('Waiting for a moderator')).toHaveCount(0); // pending: not shown
  expect(asked).toHaveLength(1);

  // The comments client's prompt, back to the story's comments after logging in.
  const join = comments.getByRole('link', { name: 'Log in to join the conversation.' });
  await expect(join).toHaveAttribute('href', `/account/login?redirect=${RALLY.path}%23comments`);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 320, height: 640 });
  await comments.scrollIntoViewIfNeeded();
  await noHorizontalScroll(page);
});
