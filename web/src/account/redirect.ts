/**
 * Where a reader may be sent after logging in (spec sections 2 and 5). Pure: every input is
 * treated as hostile text until it passes these rules.
 */

export const DEFAULT_REDIRECT = '/account/settings';
export const REDIRECT_STORAGE_KEY = 'masthead:redirectPath';

/** Used only to resolve relative paths; never leaves this module. */
const PLACEHOLDER_ORIGIN = 'https://masthead.invalid';

/** Whitespace, control characters and backslashes have no place in a redirect target. */
const FORBIDDEN_CHARACTERS = /[\s\u0000-\u001f\u007f\\]/;

/** The login and register pages (and register-success): sending a reader back there loops. */
const AUTH_PATH = /^\/account\/(login|register)(?:[/-].*)?$/;

/**
 * The target if it passes the rules, else null. A target is either a path on this site
 * ("/account/settings/display?x=1") or an absolute http(s) URL whose host is exactly one
 * of the allowed hosts; in both cases it must not be a login or register path.
 */
export function acceptRedirect(raw: unknown, allowedHosts: readonly string[]): string | null {
  if (typeof raw !== 'string' || raw === '' || FORBIDDEN_CHARACTERS.test(raw)) return null;

  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null; // protocol-relative: another host
    let url: URL;
    try {
      url = new URL(raw, PLACEHOLDER_ORIGIN);
    } catch {
      return null;
    }
    if (url.origin !== PLACEHOLDER_ORIGIN || isAuthPath(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  }

  // Only a literal scheme and authority: "https:nypost.com" and friends are not accepted.
  if (!/^https?:\/\//i.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null; // https://nypost.com@evil.com
  const hosts = allowedHosts.map((host) => host.toLowerCase());
  if (!hosts.includes(url.hostname.toLowerCase())) return null;
  if (isAuthPath(url.pathname)) return null;
  return url.href;
}

/** Compares after decoding and tidying, so "/Account//LOGIN/" and "/account/%6Cogin" count. */
function isAuthPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true; // undecodable: refuse rather than guess
  }
  const tidy = decoded.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  return AUTH_PATH.test(tidy);
}

export interface LoginRedirectInput {
  /** The login page's `redirect` query value, if any. */
  redirectParam: string | null;
  /** document.referrer, consulted only when redirectParam is 'referrer'. */
  referrer: string;
  /** The path a guard remembered before sending the reader to log in. */
  storedPath: string | null;
  allowedHosts: readonly string[];
}

/** The first acceptable candidate, else the settings page. */
export function resolveLoginRedirect(input: LoginRedirectInput): string {
  const fromQuery = input.redirectParam === 'referrer' ? input.referrer : input.redirectParam;
  return (
    acceptRedirect(fromQuery, input.allowedHosts) ??
    acceptRedirect(input.storedPath, input.allowedHosts) ??
    DEFAULT_REDIRECT
  );
}

/**
 * A target this single-page app can show itself (a path under /account, or the same URL on
 * this origin), as a router path; null when the browser has to load it.
 */
export function inAppPath(target: string, currentOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(target, currentOrigin);
  } catch {
    return null;
  }
  if (url.origin !== currentOrigin) return null;
  const isAccountArea = /^\/account(?:\/|$)/.test(url.pathname) && !url.pathname.startsWith('/account/avatar');
  return isAccountArea ? `${url.pathname}${url.search}${url.hash}` : null;
}
