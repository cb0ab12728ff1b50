import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { submitLogin } from './helpers';
import { port } from './server';

/**
 * The comments under a story, as readers use them (issue 15): the launcher loads the client as
 * the reader nears the comments; a signed-out reader reads and is asked to log in; the demo
 * reader (masthead/seed.py) signs on by the page's handshake, posts by keyboard alone, replies,
 * votes, edits and deletes; what looks like script stays text; a second browser on the story
 * sees the new comment arrive without a reload; a commenter's card opens from their byline.
 * The Good Life's stories (lifestyle.localhost): comment-counts.spec.ts counts the main
 * site's, which this spec leaves alone.
 */
const ORIGIN = `http://lifestyle.localhost:${port}`;
// The demo comments (comments/seed.py): one by the demo subscriber on this story.
const DINNERS = '/2026/11/22/ten-minute-dinners-our-food-editors-actually-cook/';
// No demo comments: the thread this spec writes.
const SLEEP = '/2026/11/20/sleep-experts-settle-the-bedroom-temperature-debate/';
const READER = { email: 'reader@example.com', password: 'Masthead-Demo-1' };

/** The story's comments, scrolled to and loaded by the client. */
async function openComments(page: Page, path: string): Promise<Locator> {
  await page.goto(`${ORIGIN}${path}`);
  const comments = page.locator('#comments');
  await comments.scrollIntoViewIfNeeded();
  await expect(page.locator('#comments-thread[data-comments="ready"]')).toBeAttached();
  await expect(comments.getByRole('status').filter({ hasText: 'Loading comments…' })).toHaveCount(0);
  return comments;
}

// Authors show by their display name (Riley R., Sam S.): the comments are told apart by text.
const byReader = (comments: Locator, text: string) => comments.getByRole('article', { name: /^Comment by Riley/ }).filter({ hasText: text });

test('a reader reads, signs on, comments by keyboard, replies, votes, edits and deletes; another browser sees it live', async ({ page, browser }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const stamp = Date.now().toString(36);

  await test.step('a signed-out reader sees the thread and the prompt to log in', async () => {
    const comments = await openComments(page, DINNERS);
    await expect(comments.getByRole('article', { name: /^Comment by Sam/ })).toContainText('Made the lemon pasta last night.');
    const join = comments.getByRole('link', { name: 'Log in to join the conversation.' });
    await expect(join).toHaveAttribute('href', `/account/login?redirect=${DINNERS}%23comments`);
    await expect(comments.getByLabel('Add a comment')).toHaveCount(0);
    await expect(comments.getByRole('link', { name: /Log in to join/ })).toHaveCount(1); // the page's own, for no script, hidden
  });

  await test.step("a reader opens a commenter's card from the byline by keyboard, and Escape closes it", async () => {
    const comments = page.locator('#comments');
    const name = comments.getByRole('article', { name: /^Comment by Sam/ }).getByRole('button', { name: 'Sam S.' });
    await name.focus();
    await page.keyboard.press('Enter');
    const card = comments.getByRole('region', { name: 'Sam S.' });
    await expect(card).toContainText('Brooklyn, NY');
    await expect(card).toContainText('Home cook, weekend runner.');
    await expect(card).toContainText(/\d+ comments? on all stories since \w+ \d{4}/);
    await expect(name).toHaveAttribute('aria-expanded', 'true');
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Escape');
    await expect(card).toHaveCount(0);
    await expect(name).toBeFocused();
  });

  await test.step('the demo reader logs in and comes back to the comments, signed on', async () => {
    await page.goto(`${ORIGIN}/account/login?redirect=${encodeURIComponent(`${SLEEP}#comments`)}`);
    await submitLogin(page, READER.email, READER.password);
    await expect(page).toHaveURL(`${ORIGIN}${SLEEP}#comments`);
    const comments = await openComments(page, SLEEP);
    await expect(comments.getByLabel('Add a comment')).toBeVisible();
    await expect(comments.getByText('No comments yet.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  // A second browser, signed out, on the same story: its stream is open before the post.
  const other = await browser.newContext();
  const watcher = await other.newPage();
  const streaming = watcher.waitForResponse((response) => new URL(response.url()).pathname === '/comments/v1/live');
  const watched = await openComments(watcher, SLEEP);
  await streaming;

  const first = `Cool room, warm socks: noted (${stamp}).`;
  await test.step('the reader posts a comment by keyboard alone', async () => {
    const comments = page.locator('#comments');
    await comments.getByLabel('Sort by').focus();
    for (let tab = 0; tab < 3; tab += 1) {
      if (await comments.getByLabel('Add a comment').evaluate((box) => box === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    await expect(comments.getByLabel('Add a comment')).toBeFocused();
    await page.keyboard.type(first);
    await page.keyboard.press('Tab');
    await expect(comments.getByRole('button', { name: 'Post', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(byReader(comments, first)).toBeVisible();
    await expect(comments.getByLabel('Add a comment')).toHaveValue('');
  });

  await test.step('the other browser sees it arrive without a reload, announced politely', async () => {
    await expect(byReader(watched, first)).toBeVisible();
    await expect(watched.locator('[aria-live="polite"]')).toHaveText('1 new comment');
    await other.close();
  });

  const comments = page.locator('#comments');
  await test.step('the reader replies to their comment', async () => {
    const mine = byReader(comments, first).first();
    await mine.getByRole('button', { name: 'Reply' }).click();
    await comments.getByLabel(/^Reply to Riley/).fill(`Same here (${stamp}).`);
    await comments.getByRole('button', { name: 'Post reply' }).click();
    await expect(comments.locator('.comments__replies').getByText(`Same here (${stamp}).`)).toBeVisible();
  });

  await test.step('the reader edits the comment', async () => {
    const mine = byReader(comments, first).first();
    await mine.getByRole('button', { name: 'Edit' }).first().click();
    const box = comments.getByLabel('Edit your comment');
    await expect(box).toBeFocused();
    await box.fill(`Cool room, warm socks: noted, thanks (${stamp}).`);
    await comments.getByRole('button', { name: 'Save' }).click();
    const edited = byReader(comments, `noted, thanks (${stamp})`).first();
    await expect(edited.locator(':scope > .comment__byline')).toContainText('(edited)');
  });

  await test.step('the reader deletes the reply, once asked to confirm', async () => {
    const reply = comments.locator('.comments__replies').getByRole('article').filter({ hasText: `Same here (${stamp}).` });
    await reply.getByRole('button', { name: 'Delete' }).click();
    await expect(comments.getByText("Delete this comment? This can't be undone.")).toBeVisible();
    await comments.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(comments.getByText(`Same here (${stamp}).`)).toHaveCount(0);
  });

  await test.step('what looks like script stays text: no link, no dialog', async () => {
    const body = `&lt;script&gt;alert(1)&lt;/script&gt; and javascript:alert(1) (${stamp})`;
    await comments.getByLabel('Add a comment').fill(body);
    await comments.getByRole('button', { name: 'Post', exact: true }).click();
    const posted = byReader(comments, `(${stamp})`).filter({ hasText: 'javascript:alert(1)' });
    await expect(posted.locator('.comment__body')).toHaveText(body);
    await expect(posted.locator('.comment__body a')).toHaveCount(0);
    await expect(posted.locator('script')).toHaveCount(0);
    // HTML tags are refused by the server, whose sentence shows beside the form.
    await comments.getByLabel('Add a comment').fill('<b>bold</b> claim');
    await comments.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(comments.getByRole('alert')).toContainText("Comments are plain text, so HTML tags such as <b> can't be used.");
    await expect(comments.getByLabel('Add a comment')).toBeFocused();
    expect(dialogs).toEqual([]);
  });

  await test.step("the reader votes on another's comment, and may not vote on their own", async () => {
    const own = byReader(comments, `noted, thanks (${stamp})`).first();
    await own.getByRole('button', { name: /^Up vote/ }).click();
    await expect(own.getByRole('alert')).toHaveText("You can't vote on your own comment.");

    const dinners = await openComments(page, DINNERS);
    const sams = dinners.getByRole('article', { name: /^Comment by Sam/ });
    const up = sams.getByRole('button', { name: /^Up vote/ });
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await up.click();
    await expect(sams.getByRole('button', { name: 'Up vote 1' })).toHaveAttribute('aria-pressed', 'true');
    await sams.getByRole('button', { name: /^Down vote/ }).click();
    await expect(sams.getByRole('button', { name: 'Down vote 1' })).toHaveAttribute('aria-pressed', 'true');
    await expect(sams.getByRole('button', { name: 'Up vote 0' })).toHaveAttribute('aria-pressed', 'false');
    await sams.getByRole('button', { name: 'Down vote 1' }).click(); // undone
    await expect(sams.getByRole('button', { name: 'Down vote 0' })).toHaveAttribute('aria-pressed', 'false');
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step('readable at 375 px, no sideways scroll at 320 px', async () => {
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 700 });
      await openComments(page, SLEEP);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    }
  });
});
