/**
 * The publisher page's islands, run once the story is painted (the server's paint gate,
 * server/masthead/site/paint_gate.js). They read the page's globals, ask the server what this
 * session may read, and render each island into its mount point (all share one access state).
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { detectMobileApp } from '../account/mobileApp';
import { checkAccess, createAccessStore } from './access';
import { AccountItems } from './AccountItems';
import { createCampaignStore, fetchCampaign } from './campaign';
import { SiteContext, type SitePage } from './context';
import { CtaSpot } from './CtaSpot';
import { parseContent, parseLabels, parseMembershipSettings, readBlock } from './globals';
import { MembershipMenu } from './MembershipMenu';
import { Paywall } from './Paywall';
import { segmentUpdate, subscriberHint } from './segment';
import { Subtext } from './Subtext';
import { keepReferralClick } from '../referralClick';
import { pushTrackingEvent } from '../tracking';

function start(): void {
  keepReferralClick(); // a friend's share link landing on a story or a home page
  const settings = parseMembershipSettings(readBlock('membership-settings'), window.location.origin);
  const content = parseContent(readBlock('membership-content'));
  const story = document.querySelector<HTMLElement>('article.story');
  const membersOnly = story?.dataset.access === 'members';
  const site: SitePage = {
    settings,
    labels: parseLabels(readBlock('site-brand')),
    store: createAccessStore(),
    campaign: createCampaignStore(),
    returnTo: window.location.pathname,
    mobileApp: detectMobileApp(window.location.search),
    hintedSubscriber: subscriberHint(document.cookie, settings.cookieSettings),
  };

  const mount = (element: Element | null, island: ReactNode) => {
    if (!element) return;
    createRoot(element).render(
      <StrictMode>
        <SiteContext.Provider value={site}>{island}</SiteContext.Provider>
      </StrictMode>,
    );
  };
  mount(document.getElementById('membership-menu'), <MembershipMenu />);
  mount(document.getElementById('main-menu-account'), <AccountItems />);
  mount(document.getElementById('membership-subtext'), <Subtext />);
  document.querySelectorAll('[data-cta-spot]').forEach((spot) => mount(spot, <CtaSpot />));
  const paywall = document.getElementById('paywall');
  const body = document.getElementById('story-body');
  if (paywall && body) mount(paywall, <Paywall section={paywall} story={body} />);

  if (content && story) {
    pushTrackingEvent('articleview', { contentId: content.contentId, access: story.dataset.access ?? '' });
  }
  const request = {
    restUrl: settings.restUrl,
    nonce: content?.nonce || settings.nonce,
    path: window.location.pathname,
    contentId: content && membersOnly ? content.contentId : null,
  };
  // Asked beside the entitlement check, for the calls to action that wait for it.
  void fetchCampaign(settings.restUrl, request.path, content?.contentId ?? null).then(site.campaign.set);
  void checkAccess(request, (action) => {
    site.store.dispatch(action);
    if (action.type !== 'resolved') return;
    // The server's answer, remembered as the segment hint for the next page.
    const cookie = segmentUpdate(document.cookie, settings.cookieSettings, action.entitled);
    if (cookie) document.cookie = cookie;
  });
}

start();
