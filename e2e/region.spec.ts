import { seriousViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { newReader, registerByApi, siteNonceHeaders } from './helpers';
import { decisionsKey } from './server';

// The e2e server reads the visitor's country from X-Test-Country (playwright.config.ts). An
// operator's available-plans rule, added through the operator API while the server runs,
// puts the annual plan first on /account/appsubscribe.
const APP_PLANS_RULE = {
  feature: 'available-plans',
  priority: 10,
  description: 'region.spec.ts: the app leads with the annual plan',
  conditions: { path: '/account/appsubscribe' },
  output: { plans: [{ id: 'sports-annual', curation: 'The whole season, and the next' }, 'sports-monthly', { id: 'sports-six-month', featured: false }] },
};

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${decisionsKey}` };
  const listed = await request.get('/operator/v1/decision-rules?feature=available-plans', { headers });
  expect(listed.status()).toBe(200);
  const { rules } = (await listed.json()) as { rules: { description: string }[] };
  if (rules.some((rule) => rule.description === APP_PLANS_RULE.description)) return;
  const added = await request.post('/operator/v1/decision-rules', { headers, data: APP_PLANS_RULE });
  expect(added.status()).toBe(201);
});

function planIds(page: Page) {
  return page.getByRole('list', { name: 'Membership plans' }).getByRole('listitem');
}


test.describe('outside the supported region', () => {
  test.use({ extraHTTPHeaders: { 'X-Test-Country': 'FR' } });

  test('a visitor sees the unsupported-region page instead of the account area', async ({ page }) => {
    await registerByApi(page.request, newReader('region-fr'));
    await page.goto('/account/subscribe');
    await expect(page.getByRole('heading', { level: 1, name: 'Not available in your region' })).toBeVisible();
    await expect(page.getByText('Memberships are not available in your region.')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Membership plans' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/account/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Not available in your region' })).toBeVisible();

    // The server hides the plans and refuses to sell.
    expect(await (await page.request.get('/wp-json/nyp-membership/v1/plans')).json()).toEqual({});
    const refused = await page.request.post('/blaize/payment/braintree/subscribe', {
      data: { plan_id: 'sports-annual', product_id: 'sports-membership', payment_nonce: 'fake-valid-nonce' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ type: 'unsupported-region', message: 'Memberships are not available in your region.' });
  });
});

test.describe('inside the supported region', () => {
  test.use({ extraHTTPHeaders: { 'X-Test-Country': 'US' } });

  test('a new reader is offered every plan in catalogue order', async ({ page }) => {
    await registerByApi(page.request, newReader('region-us'));
    await page.goto('/account/subscribe');
    await expect(planIds(page)).toHaveCount(3);
    const ids = await planIds(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-plan-id')));
    expect(ids).toEqual(['sports-monthly', 'sports-six-month', 'sports-annual']);
  });

  test('the payflow shows the available plans in the decided order and prepares the customer', async ({ page }) => {
    await registerByApi(page.request, newReader('region-decided'));
    await page.goto('/account/appsubscribe');
    await expect(planIds(page)).toHaveCount(3);
    const ids = await planIds(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('data-plan-id')));
    expect(ids).toEqual(['sports-annual', 'sports-monthly', 'sports-six-month']);
    const annual = planIds(page).first();
    await expect(annual).toContainText('The whole season, and the next');
    await expect(annual).toContainText('Best Value!');

    const prepared = page.waitForResponse((response) => response.url().endsWith('/wp-json/nyp-membership/v1/prepare-customer'));
    await annual.getByRole('button', { name: 'Get 1 Year for $39.99' }).click();
    const answer = await prepared;
    expect(answer.status()).toBe(200);
    const customer = (await answer.json()) as { customer_id: string; client_token: string };
    expect(customer.client_token).not.toBe('');
    await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible();
    await expect(page.getByLabel('Card Number')).toBeVisible();
  });

  test("the postal-code call keeps the reader's billing ZIP code and checks it", async ({ page }) => {
    await registerByApi(page.request, newReader('region-zip'));
    const headers = await siteNonceHeaders(page.request);
    const kept = await page.request.post('/wp-json/nyp-membership/v1/postal-code', { data: { state: 'NY', postal_code: '10001' }, headers });
    expect(await kept.json()).toEqual({ state: 'NY', postal_code: '10001', in_supported_region: true, message: null });
    const profile = (await (await page.request.get('/blaize/profile')).json()) as Record<string, unknown>;
    expect([profile['billing-state'], profile['billing-postal-code']]).toEqual(['NY', '10001']);
    const mismatch = await page.request.post('/wp-json/nyp-membership/v1/postal-code', { data: { state: 'NY', postal_code: '90210' }, headers });
    expect(mismatch.status()).toBe(400);
    expect(await mismatch.json()).toEqual({ type: 'postal-code-mismatch', message: 'The ZIP code 90210 is not in NY. Please check the state and ZIP code.' });
  });
});
