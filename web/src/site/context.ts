/** What every island reads: the page's globals and the shared access state. */
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Access, AccessStore } from './access';
import type { Campaign, CampaignStore } from './campaign';
import type { BrandLabels, MembershipSettings } from './globals';

export interface SitePage {
  settings: MembershipSettings;
  labels: BrandLabels;
  store: AccessStore;
  /** The text campaign of the calls to action (undefined while it is asked for). */
  campaign: CampaignStore;
  /** The story's path, for the login link to come back to. */
  returnTo: string;
  mobileApp: boolean;
  hintedSubscriber: boolean;
}

export const SiteContext = createContext<SitePage | null>(null);

export function useSite(): SitePage {
  const site = useContext(SiteContext);
  if (!site) throw new Error('An island rendered outside its SiteContext.');
  return site;
}

export function useAccess(): Access {
  const { store } = useSite();
  return useSyncExternalStore(store.subscribe, store.get);
}

export function loginHref(returnTo: string): string {
  return `/account/login?redirect=${encodeURIComponent(returnTo).replace(/%2F/g, '/')}`;
}

export function useCampaign(): Campaign | undefined {
  const { campaign } = useSite();
  return useSyncExternalStore(campaign.subscribe, campaign.get);
}
