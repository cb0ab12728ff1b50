import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { clickUntil, openMerchantPage, queryOf, renderWidget, uniqueId, widgetFrame } from './fixtures/referrals';

// What the library reports to the server by itself (spec section 7, calls 4, 6 and 7): the
// load analytic, the share analytic and referral invites. The server answers analytics with
// 204 and has no endpoint to read them back, so these specs check the calls and the
// server's acceptance; invites are read back from the dev mailbox.

const analytics = (page: Page, kind: 'loaded' | 'shared'): Promise<Response> =>
  page.waitForResponse((response) => response.url().includes(`/a/test_masthead/widgets/analytics/${kind}?`));

test('opening a popup records a load, and its share buttons record shares and open the share page', async ({ page, baseURL, context }) => {
  // A share page opens in a new window: Playwright answers for facebook.com, nothing leaves the machine.
  const sharePages: string[] = [];
  await context.route('https://www.facebook.com/**', (route) => {
    sharePages.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>Facebook (stub)</title>' });
  });
  await openMerchantPage(page, baseURL);
  const id = uniqueId('analytics');
  const { user } = await renderWidget(page, baseURL, 'popup', { config: { user: { id, accountId: id } } });
  const shareLink = (user?.shareLinks as { shareLink: string }).shareLink;

  const loaded = analytics(page, 'loaded');
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  const load = await loaded;
  expect(load.request().method()).toBe('POST');
  expect(load.status()).toBe(204);
  expect(queryOf(load.request())).toEqual({ externalAccountId: id, externalUserId: id, engagementMedium: 'POPUP' });

  const frame = widgetFrame(page, 'body > div[role="dialog"]');
  const shares: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/widgets/analytics/shared?')) shares.push(request);
  });
  const shared = (medium: string) => shares.find((request) => queryOf(request).shareMedium === medium);
  const sent = (medium: string) => () => expect.poll(() => shared(medium), { timeout: 2_000 }).toBeDefined();

  await clickUntil(frame.getByRole('button', { name: 'Copy' }), sent('DIRECT'));
  const direct = shared('DIRECT')!;
  expect((await direct.response())?.status()).toBe(204);
  expect(queryOf(direct)).toEqual({ externalAccountId: id, externalUserId: id, engagementMedium: 'POPUP', shareMedium: 'DIRECT' });

  const opened = context.waitForEvent('page');
  await clickUntil(frame.getByRole('link', { name: 'Share on Facebook' }), sent('FACEBOOK'));
  expect((await shared('FACEBOOK')!.response())?.status()).toBe(204);
  const sharePage = await opened;
  await sharePage.waitForLoadState();
  expect(new URL(sharePage.url()).searchParams.get('u')).toBe(shareLink);
  expect(sharePages.length).toBeGreaterThan(0);
  // The merchant page is still where it was, with the popup open.
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
});

test('an embed in the default container records its load as soon as it loads', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('analytics-embed');
  const loaded = analytics(page, 'loaded');
  await renderWidget(page, baseURL, 'embed', { config: { user: { id, accountId: id }, engagementMedium: 'EMBED' } });
  const load = await loaded;
  expect(load.status()).toBe(204);
  expect(queryOf(load.request())).toEqual({ externalAccountId: id, externalUserId: id, engagementMedium: 'EMBED' });
});

test('an invite sent through the library arrives as mail with the sender’s share link', async ({ page, baseURL, request }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('inviter');
  const friend = `${uniqueId('friend')}@example.com`;
  const { user } = await renderWidget(page, baseURL, 'embed', {
    config: { user: { id, accountId: id, firstName: 'Ines', lastName: 'Inviter' }, engagementMedium: 'EMBED' },
  });
  const shareLink = (user?.shareLinks as { shareLink: string }).shareLink;

  const reply = await page.evaluate(
    ({ id, friend }) => window.squatch.api().invite({ accountId: id, userId: id, emailList: [friend] }),
    { id, friend },
  );
  expect(reply).toEqual({ accepted: 1, rejected: 0 });

  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mailbox.json', { params: { to: friend } });
        return ((await response.json()) as { subject: string; text: string }[]).map(({ subject, text }) => ({
          subject,
          hasLink: text.includes(shareLink),
        }));
      },
      { timeout: 15_000, intervals: [100, 250, 500] },
    )
    .toEqual([{ subject: 'Ines Inviter invited you to Masthead membership', hasLink: true }]);
});
