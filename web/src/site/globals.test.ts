import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COOKIE_SETTINGS, parseContent, parseLabels, parseMembershipSettings, parsePlans } from './globals';
import { RAW_PLANS } from './testKit';

afterEach(() => vi.restoreAllMocks());

describe('the page-provided globals', () => {
  it('reads the membership settings', () => {
    const settings = parseMembershipSettings(
      {
        plans: RAW_PLANS,
        curation: { default: 'Cancel anytime.', 'sports-annual': '  ', bad: 3 },
        cookieSettings: { ...DEFAULT_COOKIE_SETTINGS, domain: '.site.test' },
        spotId: 'sp_1',
        restUrl: 'http://site.test/wp-json/',
        nonce: 'abc',
        inSupportedRegion: false,
      },
      'http://site.test',
    );
    expect(settings.plans.map((plan) => plan.id)).toEqual(['sports-monthly', 'sports-annual']);
    expect(settings.plans[0]).toMatchObject({ ctaText: 'Try for free', hasTrial: true, featured: false });
    expect(settings.curation).toEqual({ default: 'Cancel anytime.' });
    expect(settings.cookieSettings.domain).toBe('.site.test');
    expect(settings).toMatchObject({ spotId: 'sp_1', restUrl: 'http://site.test/wp-json/', nonce: 'abc', inSupportedRegion: false });
  });

  it('treats what a page sends as unknown input', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const settings = parseMembershipSettings(
      { plans: { x: { id: 'y', cta_text: 'Go' }, z: 'no' }, restUrl: 'https://evil.test/wp-json/', cookieSettings: { name: 'a;b' } },
      'http://site.test',
    );
    expect(settings.plans).toEqual([]);
    expect(settings.restUrl).toBe('http://site.test/wp-json/'); // never another origin
    expect(settings.cookieSettings).toEqual(DEFAULT_COOKIE_SETTINGS);
    expect(settings.inSupportedRegion).toBe(true);
    expect(parseMembershipSettings(null, 'http://site.test').plans).toEqual([]);
    expect(parsePlans([1, 2])).toEqual([]);
    expect(parseContent({ contentId: '' })).toBeNull();
    expect(parseContent({ contentId: 'c1', nonce: 'n' })).toEqual({ contentId: 'c1', nonce: 'n' });
    expect(parseLabels(null).membership).toBe('Sports+');
  });
});
