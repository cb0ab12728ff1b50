import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCampaign, fillText, parseCampaign } from './campaign';
import { ctaHeading, subtext, type Offer } from './cta';
import { LABELS } from './testKit';

afterEach(() => vi.restoreAllMocks());

const OFFER: Offer = { planId: 'sports-annual', action: 'Get 1 Year for $39.99', badge: null, curation: '' };

describe('the text campaign', () => {
  it.each<[unknown, object]>([
    [{ ctaHeading: 'Join {membership}', subtext: 'Hi', other: 1 }, { ctaHeading: 'Join {membership}', subtext: 'Hi' }],
    [{ ctaHeading: 3, subtext: null }, {}],
    ['text', {}],
    [null, {}],
  ])('keeps only the texts of %o', (value, campaign) => {
    expect(parseCampaign(value)).toEqual(campaign);
  });

  it('fills in the membership and the action', () => {
    expect(fillText('{membership} members read every story. {action}.', LABELS, OFFER.action)).toBe('Sports+ members read every story. Get 1 Year for $39.99.');
  });

  it.each<[string, Parameters<typeof subtext>[0], object, string]>([
    ['built-in offer', { status: 'reader' }, {}, 'Sports+ members read every story. Get 1 Year for $39.99.'],
    ['built-in thanks', { status: 'open', body: '' }, {}, 'Thanks for being a Sports+ member.'],
    ['campaign offer', { status: 'anonymous' }, { subtext: 'Be a {membership} fan: {action}' }, 'Be a Sports+ fan: Get 1 Year for $39.99'],
    ['campaign thanks', { status: 'member', release: 'none' }, { subtext: 'Glad you are here.' }, 'Glad you are here.'],
    ['hidden', { status: 'reader' }, { subtext: '' }, ''],
    ['nothing while checking', { status: 'checking' }, { subtext: 'x' }, ''],
  ])('subtext: %s', (_name, access, campaign, line) => {
    expect(subtext(access, OFFER, LABELS, campaign)).toBe(line);
  });

  it('the heading of the spot, or none', () => {
    expect(ctaHeading(LABELS)).toBe('Get Sports+');
    expect(ctaHeading(LABELS, { ctaHeading: 'Join {membership} today' })).toBe('Join Sports+ today');
    expect(ctaHeading(LABELS, { ctaHeading: '' })).toBe('');
  });

  it('asks the engine for text-campaigns and keeps the built-in words on failure', async () => {
    const bodies: unknown[] = [];
    const ok = (url: string, init: RequestInit) => {
      expect(url).toBe('http://site.test/zephr/decision-engine');
      bodies.push(JSON.parse(String(init.body)));
      return Promise.resolve(new Response(JSON.stringify({ sdkFeatureSlug: 'text-campaigns', loggedIn: false, outputValue: { subtext: 'Hi' } })));
    };
    expect(await fetchCampaign('http://site.test/wp-json/', '/a/', 'c1', ok)).toEqual({ subtext: 'Hi' });
    expect(bodies).toEqual([{ sdkFeatureSlug: 'text-campaigns', path: '/a/', contentId: 'c1', userAgent: null, session: null }]);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await fetchCampaign('http://site.test/wp-json/', '/a/', null, () => Promise.resolve(new Response('{}', { status: 500 })))).toEqual({});
    expect(log).toHaveBeenCalled();
  });
});
