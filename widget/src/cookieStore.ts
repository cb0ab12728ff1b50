import { mergeCookieValue } from './cookieCodec.js';
import { log } from './log.js';
import { readReferralCookie } from './referralCookie.js';
import { topLevelDomain } from './topLevelDomain.js';

/**
 * Writes the _saasquatch cookie from the `_saasquatch` URL parameter, merged into the old one
 * (spec section 3); a parameter that is not base64url JSON leaves the old cookie alone.
 */
export function storeReferralCookie(): void {
  const value = mergeCookieValue(readReferralCookie(), new URLSearchParams(location.search).get('_saasquatch'));
  if (!value) return log('no valid _saasquatch parameter');
  const domain = topLevelDomain(location.hostname);
  // 365 days.
  document.cookie = `_saasquatch=${value}; max-age=31536000; path=/${domain ? `; domain=${domain}` : ''}; SameSite=Lax`;
}
