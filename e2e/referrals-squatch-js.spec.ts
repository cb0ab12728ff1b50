import { expect, test, type Request } from '@playwright/test';
import {
  DEMO_TENANT,
  MERCHANT_ORIGIN,
  type Library,
  clickUntil,
  openMerchantPage,
  renderWidget,
  signUserJwt,
  uniqueId,
  widgetFrame,
} from './fixtures/referrals';

// Drop-in compatibility. The official squatch-js 2.6.3 (from npm, served from
// node_modules) on a merchant page of another origin, pointed at Masthead with `domain`,
// renders Masthead's widgets. And the same page, written for squatch-js, works unchanged
// with Masthead's library in its loader snippet instead.

// Chromium treats a page that Playwright answers as public, and asks before such a page may
// call a loopback address (Local Network Access): the merchant origin is granted that here.
test.use({ permissions: ['local-network-access'] });

test('squatch-js 2.6.3 upserts a user with a JWT and renders Masthead’s referrer widget', async ({ page, baseURL }) => {
  const { cdnRequests } = await openMerchantPage(page, baseURL, { library: 'squatch-js', origin: MERCHANT_ORIGIN });
  const id = uniqueId('squatch-js');
  const user = { id, accountId: id, email: `${id}@example.com`, firstName: 'Sam' };
  const jwt = signUserJwt({ user });

  const upsert = page.waitForRequest((request) => request.url().includes(`/user/${id}/upsert`));
  const result = await renderWidget(page, baseURL, 'embed', { config: { user, jwt, engagementMedium: 'EMBED' } });
  expect(result.error).toBeUndefined();
  expect(result.user).toMatchObject({ id, accountId: id, email: user.email });

  // What squatch-js sent: PUT, with credentials, the token and the page address.
  const request: Request = await upsert;
  expect(request.method()).toBe('PUT');
  expect(request.url()).toBe(
    `${baseURL}/api/v1/${DEMO_TENANT}/widget/account/${id}/user/${id}/upsert?engagementMedium=EMBED`,
  );
  expect(request.headers()).toMatchObject({
    'x-saasquatch-user-token': jwt,
    'x-saasquatch-referrer': `${MERCHANT_ORIGIN}/merchant`,
  });
  expect(request.postDataJSON()).toEqual(user);
  // The page is on another origin: the server allowed it, with credentials.
  const headers = (await request.response())?.headers() ?? {};
  expect(headers['access-control-allow-origin']).toBe(MERCHANT_ORIGIN);
  expect(headers['access-control-allow-credentials']).toBe('true');

  const frame = widgetFrame(page, '#squatchembed');
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(frame.getByText('Hi Sam!')).toBeVisible();
  await expect(frame.getByLabel('Your referral link')).toHaveValue(new RegExp(`^${baseURL}/a/${DEMO_TENANT}/r/SAM`));
  // squatch-js sizes its frame from the template's .squatch-container.
  await expect.poll(async () => Number(await page.locator('#squatchembed iframe').getAttribute('height'))).toBeGreaterThan(300);
  // squatch-js writes a resize polyfill from its CDN into the frame; this spec answers it locally.
  expect(cdnRequests).toEqual(['https://fast.ssqt.io/npm/resize-observer-polyfill@1.5.x']);
});

test('squatch-js 2.6.3 renders a widget without a user through Masthead’s GraphQL renderWidget', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL, { library: 'squatch-js', origin: MERCHANT_ORIGIN });
  const graphql = page.waitForRequest((request) => request.url().endsWith(`/api/v1/${DEMO_TENANT}/graphql`));
  const result = await renderWidget(page, baseURL, 'anonymous', {
    call: 'render',
    config: { widgetType: 'REFERRER_WIDGET', engagementMedium: 'EMBED' },
  });
  expect(result.error).toBeUndefined();

  const request = await graphql;
  expect(request.method()).toBe('POST');
  const body = request.postDataJSON() as { query: string; variables: Record<string, unknown> };
  expect(body.query).toContain('renderWidget(user: $user');
  expect(body.variables).toMatchObject({ user: null, engagementMedium: 'EMBED', widgetType: 'REFERRER_WIDGET' });
  expect((await request.response())?.status()).toBe(200);

  const frame = widgetFrame(page, '#squatchembed');
  await expect(frame.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
  await expect(frame.getByText('Sign in to get your referral link.')).toBeVisible();
});

for (const library of ['squatch-js', 'masthead'] as Library[]) {
  test(`a page written for squatch-js shows Masthead’s popup and embed with ${library === 'masthead' ? 'Masthead’s library' : 'squatch-js 2.6.3'}`, async ({
    page,
    baseURL,
  }) => {
    await openMerchantPage(page, baseURL, { library, origin: MERCHANT_ORIGIN });
    const id = uniqueId(`page-${library}`);
    const user = { id, accountId: id, email: `${id}@example.com`, firstName: 'Robin' };
    const jwt = signUserJwt({ user });
    // The page's own calls, identical for both libraries.
    expect((await renderWidget(page, baseURL, 'popup', { config: { user, jwt, widgetType: 'REFERRER_WIDGET' } })).error).toBeUndefined();
    expect((await renderWidget(page, baseURL, 'embed', { config: { user, jwt, engagementMedium: 'EMBED' } })).error).toBeUndefined();

    const embed = widgetFrame(page, '#squatchembed');
    await expect(embed.getByRole('heading', { name: 'Refer a friend' })).toBeVisible();
    await expect(embed.getByText('Hi Robin!')).toBeVisible();

    // squatch-js shows its popup in a <dialog>, Masthead's library in a fixed overlay.
    const popup = library === 'masthead' ? 'body > div[role="dialog"]' : 'body > dialog';
    await expect(page.locator(popup)).toBeHidden();
    const heading = widgetFrame(page, popup).getByRole('heading', { name: 'Refer a friend' });
    await clickUntil(page.getByRole('button', { name: 'Refer a friend' }), () => expect(heading).toBeVisible({ timeout: 1_000 }));
    await expect(widgetFrame(page, popup).getByText('Hi Robin!')).toBeVisible();
  });
}
