/**
 * The referral click (spec section 9: the referral-click cookie lasts 13 months). A friend's
 * share link lands on one of the publisher's pages with `_saasquatch` in its address (the
 * referral service's share links carry it): the page keeps it in the `_saasquatch` cookie,
 * merged with what the browser has, exactly as the widget library does on a merchant's page
 * (its codec and domain rule, imported from widget/src), so the reader's Refer a friend and
 * My rewards pages, where the widget upserts them, carry the referral. The publisher keeps it
 * 13 months; the widget library on a merchant's own page keeps its 365 days.
 */
import { mergeCookieValue } from '../../widget/src/cookieCodec';
import { topLevelDomain } from '../../widget/src/topLevelDomain';

export const REFERRAL_COOKIE = '_saasquatch';
/** 13 months of 30.44 days, in seconds. */
export const REFERRAL_CLICK_MAX_AGE = Math.round(13 * 30.44 * 24 * 3600);

/** Stores the address's referral parameter, if it has a valid one; true when it did. */
export function keepReferralClick(search: string = window.location.search, host: string = window.location.hostname): boolean {
  const param = new URLSearchParams(search).get(REFERRAL_COOKIE);
  if (!param) return false;
  const existing = new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  const value = mergeCookieValue(existing, param);
  if (!value) return false; // not base64url JSON: the old cookie stays as it was
  const domain = topLevelDomain(host);
  document.cookie = `${REFERRAL_COOKIE}=${value}; max-age=${REFERRAL_CLICK_MAX_AGE}; path=/${domain ? `; domain=${domain}` : ''}; SameSite=Lax`;
  return true;
}
