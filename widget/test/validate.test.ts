import { describe, expect, it } from 'vitest';
import { EmbedWidget } from '../src/EmbedWidget.js';
import { EventsApi } from '../src/EventsApi.js';
import { WidgetApi } from '../src/WidgetApi.js';
import { Widgets } from '../src/Widgets.js';
import {
  DEFAULT_DOMAIN,
  DEFAULT_NPM_CDN,
  loadEventParams,
  validateConfig,
  validateTrack,
  validateTrackOptions,
  validateWidgetConfig,
} from '../src/validate.js';

const config = { tenantAlias: 'test_masthead' };

describe('config', () => {
  it.each([undefined, null, 'test', 3, ['x']])('rejects %j', (raw) => {
    expect(() => validateConfig(raw)).toThrow('config must be an object');
  });

  it.each([{}, { tenantAlias: 3 }, { tenantAlias: '' }])('needs a tenant alias: %j', (raw) => {
    expect(() => validateConfig(raw)).toThrow('tenantAlias not provided');
  });

  it('fills the defaults', () => {
    expect(validateConfig({ tenantAlias: 'a', domain: 5, debug: 'yes', npmCdn: null })).toEqual({
      tenantAlias: 'a',
      domain: 'https://app.referralsaasquatch.com',
      debug: false,
      npmCdn: 'https://fast.ssqt.io/npm',
    });
    expect(DEFAULT_DOMAIN).toBe('https://app.referralsaasquatch.com');
    expect(DEFAULT_NPM_CDN).toBe('https://fast.ssqt.io/npm');
  });

  it('keeps given values and drops a trailing slash of the domain', () => {
    expect(validateConfig({ tenantAlias: 'a', domain: 'http://127.0.0.1:8000/', debug: true, npmCdn: 'x' })).toEqual({
      tenantAlias: 'a',
      domain: 'http://127.0.0.1:8000',
      debug: true,
      npmCdn: 'x',
    });
  });

  it('is checked by every class that takes it', () => {
    for (const Class of [WidgetApi, Widgets, EventsApi]) {
      expect(() => new Class('x' as never)).toThrow('config must be an object');
      expect(() => new Class({} as never)).toThrow('tenantAlias not provided');
    }
  });
});

describe('widget properties', () => {
  it.each([undefined, null, 'x', [1]])('must be an object: %j', (raw) => {
    expect(() => validateWidgetConfig(raw)).toThrow('Widget properties must be an object');
  });

  it.each([{}, { user: null }, { user: 'bob' }])('need a user: %j', (raw) => {
    expect(() => validateWidgetConfig(raw)).toThrow('Required properties missing.');
  });

  it('drops options of the wrong type and defaults the medium to POPUP', () => {
    const clean = validateWidgetConfig({ user: { id: 'u', accountId: 'a' }, widgetType: 7, jwt: {}, engagementMedium: 'X', trigger: '#t' });
    expect(clean).toEqual({ user: { id: 'u', accountId: 'a' }, engagementMedium: 'POPUP', trigger: '#t', displayOnLoad: false });
  });

  it('rejects through the API and the widget factory', async () => {
    const api = new WidgetApi(config);
    expect(() => api.upsertUser(null as never)).toThrow('Widget properties must be an object');
    expect(() => api.render({} as never)).toThrow('Required properties missing.');
    const widgets = new Widgets(config);
    await expect(widgets.upsertUser('x' as never)).rejects.toThrow('Widget properties must be an object');
    await expect(widgets.render({} as never)).rejects.toThrow('Required properties missing.');
  });
});

describe('event tracking', () => {
  it.each([
    undefined,
    {},
    { accountId: 'a', userId: 'u' },
    { accountId: 'a', events: [] },
    { userId: 'u', events: [] },
    { accountId: 5, userId: 'u', events: [] },
  ])('needs accountId, events and userId: %j', (raw) => {
    expect(() => validateTrack(raw)).toThrow('Fields required');
  });

  it('needs events to be an array', () => {
    expect(() => validateTrack({ accountId: 'a', userId: 'u', events: { key: 'x' } })).toThrow("'events' should be an array");
  });

  it('takes options only as an object', () => {
    expect(validateTrackOptions(undefined)).toEqual({});
    expect(validateTrackOptions({ jwt: 'j' })).toEqual({ jwt: 'j' });
    expect(() => validateTrackOptions('j')).toThrow("'options' should be an object");
    expect(() => validateTrackOptions(null)).toThrow("'options' should be an object");
  });

  it('rejects through EventsApi.track', () => {
    const events = new EventsApi(config);
    expect(() => events.track({} as never)).toThrow('Fields required');
    expect(() => events.track({ accountId: 'a', userId: 'u', events: [] }, 3 as never)).toThrow("'options' should be an object");
  });
});

describe('autofill', () => {
  it('accepts only a selector or a function', async () => {
    await expect(new Widgets(config).autofill(42 as never)).rejects.toThrow('Autofill accepts a string or function');
  });

  it('needs the selector to match', async () => {
    await expect(new Widgets(config).autofill('#nothing-here')).rejects.toThrow('Element id/class or function missing');
    await expect(new Widgets(config).autofill('[[bad')).rejects.toThrow('Element id/class or function missing');
  });
});

describe('load-event identity', () => {
  const full = { tenantAlias: 't', accountId: 'a', userId: 'u', engagementMedium: 'POPUP' };

  it.each([null, 'x', 4])('must be an object: %j', (raw) => {
    expect(() => loadEventParams(raw)).toThrow('Widget Load event identity property is not an object');
  });

  it.each(['tenantAlias', 'accountId', 'userId', 'engagementMedium'])('with a programId needs %s', (key) => {
    const raw: Record<string, unknown> = { ...full, programId: 'p' };
    delete raw[key];
    expect(() => loadEventParams(raw)).toThrow('Widget Load event missing required properties');
  });

  it('maps to the analytics parameters', () => {
    expect(loadEventParams({ ...full, programId: 'p' })).toEqual({
      tenantAlias: 't',
      externalAccountId: 'a',
      externalUserId: 'u',
      engagementMedium: 'POPUP',
      programId: 'p',
    });
    expect(loadEventParams(full)).not.toHaveProperty('programId');
  });
});

describe('embed container', () => {
  const params = () => ({ content: '', api: new WidgetApi(config), context: { type: 'cookie' as const, engagementMedium: 'EMBED' as const } });

  it('must be a selector or an element', () => {
    expect(() => new EmbedWidget(params(), 42 as never)).toThrow('container must be an HTMLElement or string');
  });

  it('must be found', () => {
    expect(() => new EmbedWidget(params(), '#missing')).toThrow("element with selector '#missing' not found.");
    expect(() => new EmbedWidget(params())).toThrow("element with selector '#squatchembed, .squatchembed' not found.");
  });
});
