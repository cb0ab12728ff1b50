import { describe, expect, it } from 'vitest';
import { codesText, jsOptionsFromText, keysFromText, newTenantBody, newTenantSchema, programmeSchema, tenantChange, tenantValues } from './forms';

describe('tenant forms', () => {
  it('sends the origins as the server will store them', () => {
    expect(newTenantBody({ alias: ' acme ', name: ' Acme ', mode: 'live', origins: 'HTTPS://Shop.Example/\n\nhttps://shop.example:443' })).toEqual({
      alias: 'acme',
      name: 'Acme',
      mode: 'live',
      allowed_origins: ['https://shop.example'],
    });
  });

  it('says what is wrong before anything is sent', () => {
    const result = newTenantSchema.safeParse({ alias: 'Acme Shop', name: ' ', mode: 'test', origins: 'https://shop.example/join' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(messages).toEqual([
      ['alias', expect.stringContaining('The alias: Lower-case letters')],
      ['name', 'Give the tenant a name.'],
      ['origins', expect.stringMatching(/^Line 1: .* has a path/)],
    ]);
  });

  it('round-trips a stored tenant, with its widget options as JSON', () => {
    const tenant = {
      alias: 'acme',
      name: 'Acme',
      mode: 'test' as const,
      allowed_origins: ['https://a.example', 'https://b.example'],
      js_options: { widget: { defaultWidgetType: 'REFERRER_WIDGET' } },
      created_at: '2026-11-22T12:00:00Z',
      key_rotated_at: null,
      key_ends_with: 'abcd',
      programmes: 1,
    };
    const values = tenantValues(tenant);
    expect(values.origins).toBe('https://a.example\nhttps://b.example');
    expect(tenantChange(values)).toEqual({ name: 'Acme', mode: 'test', allowed_origins: tenant.allowed_origins, js_options: tenant.js_options });
  });

  it('takes widget options as a JSON object or nothing', () => {
    expect(jsOptionsFromText('  ')).toEqual({ ok: true, options: {} });
    expect(jsOptionsFromText('{"cta": {}}')).toEqual({ ok: true, options: { cta: {} } });
    expect(jsOptionsFromText('[1]')).toEqual({ ok: false, message: 'The widget options must be a JSON object: { … }.' });
    expect(jsOptionsFromText('{cta: 1}')).toEqual({ ok: false, message: 'The widget options are not valid JSON.' });
    expect(jsOptionsFromText(JSON.stringify({ x: 'y'.repeat(20_000) })).ok).toBe(false);
  });
});

describe('programme forms', () => {
  it('reads conversion keys separated by commas, spaces or lines', () => {
    expect(keysFromText(' purchase, membership_started\npurchase  signup ')).toEqual(['purchase', 'membership_started', 'signup']);
  });

  it('refuses event keys and landing pages the server would', () => {
    const result = programmeSchema.safeParse({
      slug: 'friends',
      name: 'Friends',
      referrer_reward: 'A bag',
      referred_reward: '20% off',
      conversion_keys: 'buy/now',
      landing_url: 'shop.example/join',
    });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['conversion_keys', 'landing_url']);
  });
});

describe('codesText', () => {
  it('says what is left and warns when few are', () => {
    expect(codesText({ total: 0, used: 0, left: 0, low: false })).toEqual({
      text: 'No code bank: referred friends get the reward’s words without a code.',
      warning: null,
    });
    expect(codesText({ total: 1200, used: 200, left: 1000, low: false })).toEqual({ text: '1,000 of 1,200 codes left (200 given).', warning: null });
    expect(codesText({ total: 30, used: 29, left: 1, low: true }).warning).toBe('Only 1 code is left: upload more before the bank runs dry.');
    expect(codesText({ total: 30, used: 30, left: 0, low: true }).warning).toMatch(/^The code bank is empty/);
  });
});
