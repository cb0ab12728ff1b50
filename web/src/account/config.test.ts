// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALLOWED_REDIRECT_HOSTS, DEFAULT_BRAND, parseConfig, readConfig } from './config';

describe('page config', () => {
  it('reads the allowed hosts the server injected', () => {
    document.head.innerHTML =
      '<script id="masthead-config" type="application/json">{"allowedRedirectHosts":["127.0.0.1","localhost","nypost.com"]}</script>';
    expect(readConfig().allowedRedirectHosts).toEqual(['127.0.0.1', 'localhost', 'nypost.com']);
  });

  it.each([null, '', 'not json', '{}', '{"allowedRedirectHosts":"nypost.com"}', '{"allowedRedirectHosts":[]}', 'null'])(
    'falls back to 127.0.0.1 and localhost for %j',
    (raw) => {
      expect(parseConfig(raw).allowedRedirectHosts).toEqual(DEFAULT_ALLOWED_REDIRECT_HOSTS);
    },
  );

  it('falls back when the placeholder was never replaced', () => {
    document.head.innerHTML = '<!--masthead-config-->';
    expect(readConfig().allowedRedirectHosts).toEqual(['127.0.0.1', 'localhost']);
  });

  it('drops entries that are not host names', () => {
    expect(parseConfig('{"allowedRedirectHosts":["NYPost.com", 3, ""]}').allowedRedirectHosts).toEqual(['nypost.com']);
  });
});

describe('the region check', () => {
  it('reads the server\'s inSupportedRegion', () => {
    expect(parseConfig('{"allowedRedirectHosts":["nypost.com"],"inSupportedRegion":false}')).toEqual({
      allowedRedirectHosts: ['nypost.com'],
      inSupportedRegion: false,
      cardEntry: 'client-api',
      brand: DEFAULT_BRAND,
    });
    expect(parseConfig('{"allowedRedirectHosts":["nypost.com"],"inSupportedRegion":true}').inSupportedRegion).toBe(true);
  });

  it.each([null, '', 'not json', '{}', '{"inSupportedRegion":"no"}', '{"inSupportedRegion":0}', '[]'])(
    'counts %j as supported: only an explicit false closes the account area',
    (raw) => {
      expect(parseConfig(raw).inSupportedRegion).toBe(true);
    },
  );

  it('keeps the hosts when only the region is wrong, and the region when only the hosts are', () => {
    expect(parseConfig('{"allowedRedirectHosts":"x","inSupportedRegion":false}')).toEqual({
      allowedRedirectHosts: DEFAULT_ALLOWED_REDIRECT_HOSTS,
      inSupportedRegion: false,
      cardEntry: 'client-api',
      brand: DEFAULT_BRAND,
    });
  });
});

describe('card entry', () => {
  it('uses Braintree Hosted Fields only when the server says so', () => {
    expect(parseConfig('{"cardEntry":"hosted-fields"}').cardEntry).toBe('hosted-fields');
    expect(parseConfig('{"cardEntry":"client-api"}').cardEntry).toBe('client-api');
  });

  it.each([null, '{}', '{"cardEntry":"iframe"}', '{"cardEntry":true}'])('keeps the sandbox form for %j', (raw) => {
    expect(parseConfig(raw).cardEntry).toBe('client-api');
  });
});

describe('the brand of the site the reader came from', () => {
  it('reads the name and home link the server gives', () => {
    expect(parseConfig('{"brand":{"key":"gossip","name":"The Scoop","homeUrl":"/"}}').brand).toEqual({
      name: 'The Scoop',
      homeUrl: '/',
    });
  });

  it.each([
    '{}',
    '{"brand":"x"}',
    '{"brand":{"name":"","homeUrl":"//evil.example"}}',
    '{"brand":{"homeUrl":"https://evil.example/"}}',
    '{"brand":{"homeUrl":"/\\\\evil.example"}}',
  ])("keeps a neutral name and this host's home for %j", (raw) => {
    expect(parseConfig(raw).brand).toEqual(DEFAULT_BRAND);
  });
});
