/**
 * The segment cookie ('vip-go-seg'): key/value groups, written as
 * `vc-v1__<group>_--_<segment>` and joined by `---__`. For subscribers the group
 * 'is-subscriber' is 'yes'. It is a hint for the page (show the loader, not the call to
 * action, while the server is asked); the server never reads it to release anything.
 */
import type { CookieSettings } from './globals';

const VERSION = 'vc-v1__';
const GROUP_SEPARATOR = '---__';
const VALUE_SEPARATOR = '_--_';
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

export function parseSegment(value: string | null): Record<string, string> {
  const groups: Record<string, string> = {};
  if (!value) return groups;
  const body = value.startsWith(VERSION) ? value.slice(VERSION.length) : value;
  for (const part of body.split(GROUP_SEPARATOR)) {
    const at = part.indexOf(VALUE_SEPARATOR);
    if (at > 0) groups[part.slice(0, at)] = part.slice(at + VALUE_SEPARATOR.length);
  }
  return groups;
}

export function formatSegment(groups: Record<string, string>): string {
  const parts = Object.entries(groups).map(([group, segment]) => `${group}${VALUE_SEPARATOR}${segment}`);
  return parts.length ? VERSION + parts.join(GROUP_SEPARATOR) : '';
}

/** A cookie's value from document.cookie, by the pattern name=value; (spec section 5). */
export function readCookie(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function subscriberHint(cookies: string, settings: CookieSettings): boolean {
  return parseSegment(readCookie(cookies, settings.name))[settings.group] === settings.segment;
}

/**
 * The document.cookie assignment that records the server's answer in the segment, keeping
 * the other groups; null when the cookie already says so. With no group left the cookie
 * is expired.
 */
export function segmentUpdate(cookies: string, settings: CookieSettings, subscriber: boolean): string | null {
  const groups = parseSegment(readCookie(cookies, settings.name));
  const had = groups[settings.group] === settings.segment;
  if (had === subscriber) return null;
  if (subscriber) groups[settings.group] = settings.segment;
  else delete groups[settings.group];
  const value = formatSegment(groups);
  const domain = settings.domain ? `; domain=${settings.domain}` : '';
  const expires = value ? settings.expires : EXPIRED;
  return `${settings.name}=${value}; expires=${expires}; path=${settings.path}${domain}; SameSite=Lax`;
}
