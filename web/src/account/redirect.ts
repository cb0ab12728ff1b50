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
    if (url.origin !== PLACEHOLDER_ORIGIN || leavesTheSite(url.pathname) || isAuthPath(url.pathname)) return null;
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
  if (leavesTheSite(url.pathname) || isAuthPath(url.pathname)) return null;
  return url.href;
}

/** How many rounds of percent-decoding are undone when looking for a hidden "//". */
const DECODE_ROUNDS = 3;

/**
 * True when a resolved path would read as another host: "//evil.example" or "/\evil.example".
 * `new URL` resolves dot segments, so "/..//evil.example" and "/%2e%2e//evil.example" come out
 * as "//evil.example", a protocol-relative URL once used as a target. The check is repeated on
 * the percent-decoded path (with the tabs and newlines browsers drop removed, and its dot
 * segments resolved again), for "/%2F%2Fevil.example" and friends, in case anything on the way
 * decodes the path before using it.
 */
function leavesTheSite(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round <= DECODE_ROUNDS; round += 1) {
    const tidy = current.replace(/[\t\n\r]/g, '');
    if (/^[/\\][/\\]/.test(tidy) || tidy.includes('\\')) return true;
    let resolved: URL;
    try {
      resolved = new URL(tidy, PLACEHOLDER_ORIGIN);
    } catch {
      return true;
    }
    if (resolved.origin !== PLACEHOLDER_ORIGIN || /^\/[/\\]/.test(resolved.pathname)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true; // undecodable: refuse rather than guess
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true; // still encoded after several rounds: nobody writes a real path that way
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
