import { expect, test, type FrameLocator } from '@playwright/test';
import {
  DEMO_TENANT,
  clickUntil,
  openMerchantPage,
  popupOverlay,
  renderWidget,
  signUserJwt,
  uniqueId,
  widgetFrame,
} from './fixtures/referrals';

// The error widget (spec sections 2 and 8) for refusals of the real server, and every
// validation message of spec section 5, as a page calling the globals gets them.

async function expectErrorWidget(frame: FrameLocator, rsCode: string): Promise<void> {
  await expect(frame.getByRole('heading', { name: 'Our referral program is temporarily unavailable.' })).toBeVisible();
  await expect(frame.getByText('Please reload the page or check back later.')).toBeVisible();
  await expect(frame.getByText('If the persists please contact our support team.')).toBeVisible();
  await expect(frame.getByText(`Error Code: ${rsCode}`)).toBeVisible();
}

test('an unknown tenant gets the error widget with its rsCode, as a popup that closes', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('no-tenant');
  const answer = page.waitForResponse((response) => response.url().includes('/api/v1/test_no_such_tenant/'));
  const { error } = await renderWidget(page, baseURL, 'popup', {
    tenantAlias: 'test_no_such_tenant',
    config: { user: { id, accountId: id } },
  });
  expect((await answer).status()).toBe(404);
  // The caller gets the server's error body.
  expect(error).toMatchObject({ apiErrorCode: 'TENANT_NOT_FOUND', rsCode: 'RS1440' });

  const overlay = popupOverlay(page);
  await expect(overlay).toBeHidden();
  await page.getByRole('button', { name: 'Refer a friend' }).click();
  await expect(overlay).toBeVisible();
  const frame = widgetFrame(page, 'body > div[role="dialog"]');
  await expectErrorWidget(frame, 'RS1440');
  await clickUntil(frame.getByRole('button', { name: 'Close' }), () => expect(overlay).toBeHidden({ timeout: 1_000 }));
});

test('an unknown tenant gets the error widget as an embed too', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('no-tenant-embed');
  const { error } = await renderWidget(page, baseURL, 'embed', {
    tenantAlias: 'test_no_such_tenant',
    config: { user: { id, accountId: id }, engagementMedium: 'EMBED' },
  });
  expect(error).toMatchObject({ apiErrorCode: 'TENANT_NOT_FOUND', rsCode: 'RS1440' });
  const frame = widgetFrame(page, '#squatchembed');
  await expectErrorWidget(frame, 'RS1440');
  // An embedded error widget has no close button.
  await expect(frame.getByRole('button', { name: 'Close' })).toHaveCount(0);
});

test('a tampered user JWT is refused with 401 and the error widget shows', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const id = uniqueId('jwt');
  const user = { id, accountId: id, email: `${id}@example.com` };
  const jwt = signUserJwt({ user });

  // The genuine token is accepted, and travels in X-SaaSquatch-User-Token.
  const genuine = page.waitForRequest((request) => request.url().includes(`/user/${id}/upsert`));
  const accepted = await renderWidget(page, baseURL, 'embed', { config: { user, jwt, engagementMedium: 'EMBED' } });
  expect(accepted.error).toBeUndefined();
  expect((await genuine).headers()['x-saasquatch-user-token']).toBe(jwt);
  await expect(widgetFrame(page, '#squatchembed').getByRole('heading', { name: 'Refer a friend' })).toBeVisible();

  // The same signature over another payload (another email) is not.
  const [head, , signature] = jwt.split('.');
  const payload = Buffer.from(JSON.stringify({ user: { ...user, email: 'someone-else@example.com' } })).toString('base64url');
  const tampered = `${head}.${payload}.${signature}`;
  const refused = page.waitForResponse((response) => response.url().includes(`/user/${id}/upsert`));
  const { error } = await renderWidget(page, baseURL, 'embed', { config: { user, jwt: tampered, engagementMedium: 'EMBED' } });
  expect((await refused).status()).toBe(401);
  expect(error).toMatchObject({ apiErrorCode: 'INVALID_TOKEN', rsCode: 'RS1411' });
  await expectErrorWidget(widgetFrame(page, '#squatchembed'), 'RS1411');
});

test('every validation rule of the library answers with its message', async ({ page, baseURL }) => {
  await openMerchantPage(page, baseURL);
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const id = uniqueId('validation');

  const messages = await page.evaluate(
    async ({ domain, tenantAlias, id }) => {
      const { squatch } = window;
      const messageOf = async (call: () => unknown): Promise<string> => {
        try {
          await call();
          return 'no error';
        } catch (error) {
          return error instanceof Error ? error.message : JSON.stringify(error);
        }
      };
      const user = { id, accountId: id };
      const results = {
        configNotObject: await messageOf(() => squatch.init('test_masthead')),
        configWithoutTenant: await messageOf(() => squatch.init({ domain })),
        configTenantNotString: await messageOf(() => squatch.init({ tenantAlias: 42 })),
      };
      squatch.init({ tenantAlias, domain });
      const events = squatch.events();
      const widgetParams = (identity: unknown) => ({
        content: '<!doctype html><p>x</p>',
        api: squatch.api(),
        context: { type: 'upsert', user, engagementMedium: 'POPUP' },
        identity,
      });
      const openWith = (identity: unknown) => () => {
        const widget = new squatch.PopupWidget(widgetParams(identity), '.no-trigger');
        widget.load();
        widget.open();
        widget.close();
      };
      return {
        ...results,
        widgetNotObject: await messageOf(() => squatch.widgets().upsertUser('user')),
        widgetWithoutUser: await messageOf(() => squatch.widgets().upsertUser({ engagementMedium: 'POPUP' })),
        trackWithoutFields: await messageOf(() => events.track({ accountId: id, events: [] })),
        trackEventsNotArray: await messageOf(() => events.track({ accountId: id, userId: id, events: { key: 'purchase' } })),
        trackOptionsNotObject: await messageOf(() => events.track({ accountId: id, userId: id, events: [] }, 'jwt')),
        autofillNotStringOrFunction: await messageOf(() => squatch.autofill(42)),
        autofillNoElement: await messageOf(() => squatch.autofill('#no-such-field')),
        // The load-event identity is checked when the widget records its load analytic;
        // the failure is only logged (analytics never break a widget).
        loadIdentityNotObject: await messageOf(openWith('not an object')),
        loadIdentityMissingFields: await messageOf(openWith({ tenantAlias, accountId: id, programId: 'masthead-referral' })),
        embedContainerNotSelectorOrElement: await messageOf(() => new squatch.EmbedWidget(widgetParams(undefined), 42)),
        embedContainerNotFound: await messageOf(() =>
          squatch.widgets().upsertUser({ user, engagementMedium: 'EMBED', container: '#no-such-container' }),
        ),
      };
    },
    { domain: baseURL, tenantAlias: DEMO_TENANT, id },
  );

  expect(messages).toEqual({
    configNotObject: 'config must be an object',
    configWithoutTenant: 'tenantAlias not provided',
    configTenantNotString: 'tenantAlias not provided',
    widgetNotObject: 'Widget properties must be an object',
    widgetWithoutUser: 'Required properties missing.',
    trackWithoutFields: 'Fields required',
    trackEventsNotArray: "'events' should be an array",
    trackOptionsNotObject: "'options' should be an object",
    autofillNotStringOrFunction: 'Autofill accepts a string or function',
    autofillNoElement: 'Element id/class or function missing',
    loadIdentityNotObject: 'no error',
    loadIdentityMissingFields: 'no error',
    embedContainerNotSelectorOrElement: 'container must be an HTMLElement or string',
    embedContainerNotFound: "element with selector '#no-such-container' not found.",
  });
  // Debug logging is on for a tenant whose alias starts with "test": the two identity errors are in the log.
  await expect
    .poll(() => logged.filter((line) => line.startsWith('squatch-js')).join('\n'))
    .toContain('Widget Load event identity property is not an object');
  expect(logged.join('\n')).toContain('Widget Load event missing required properties');
});
