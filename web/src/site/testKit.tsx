/** Test helpers for the islands: a page's globals and a store in a given state. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { createAccessStore, type Access } from './access';
import { createCampaignStore } from './campaign';
import { SiteContext, type SitePage } from './context';
import { DEFAULT_COOKIE_SETTINGS, parsePlans, type BrandLabels } from './globals';

export const RAW_PLANS = {
  'sports-monthly': { id: 'sports-monthly', name: 'Monthly', cta_text: 'Try for free', badge: null, featured: false, trial_duration: 7, monthly_price: '4.99', curation: '' },
  'sports-annual': { id: 'sports-annual', name: 'Annual', cta_text: 'Get 1 Year for $39.99', badge: 'Best Value!', featured: true, trial_duration: 0, monthly_price: '3.33', curation: '' },
};

export const LABELS: BrandLabels = {
  key: 'gossip',
  name: 'The Scoop',
  membership: 'Sports+',
  loadingLabel: 'Getting you the whole scoop…',
  paywallHeading: 'Members get the whole scoop',
  paywallText: 'Sports+ members read every exclusive, first.',
};

export function sitePage(access: Access, overrides: Partial<SitePage> = {}): SitePage {
  return {
    settings: {
      plans: parsePlans(RAW_PLANS),
      curation: { default: 'Cancel anytime.', defaultTrial: 'Try it free for 7 days.' },
      cookieSettings: DEFAULT_COOKIE_SETTINGS,
      spotId: 'sp_test',
      restUrl: 'http://site.test/wp-json/',
      nonce: 'n0nce',
      inSupportedRegion: true,
    },
    labels: LABELS,
    store: createAccessStore(access),
    campaign: createCampaignStore({}), // the built-in words
    returnTo: '/2026/11/22/a-story/',
    mobileApp: false,
    hintedSubscriber: false,
    ...overrides,
  };
}

export function renderIsland(island: ReactNode, site: SitePage) {
  return render(<SiteContext.Provider value={site}>{island}</SiteContext.Provider>);
}

/** matchMedia as a screen of this width answers it (the queries the islands ask). */
export function screenWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}
