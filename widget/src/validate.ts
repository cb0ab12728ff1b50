import type { Config, CookieWidgetConfig, EngagementMedium, TrackOptions, UserEventInput, WidgetConfig } from './types.js';

// Everything a page or a frame hands us is treated as unknown and checked before use.
export type Dict = Record<string, unknown>;

export const isObject = (x: unknown): x is Dict => typeof x == 'object' && !!x && !Array.isArray(x);

export const isText = (x: unknown): x is string => typeof x == 'string' && x != '';

/** Throws an Error with `message` (an expression, so checks can read `ok || fail(...)`). */
export function fail(message: string): never {
  throw Error(message);
}

export const DEFAULT_DOMAIN = 'https://app.referralsaasquatch.com';
export const DEFAULT_NPM_CDN = 'https://fast.ssqt.io/npm';

export function validateConfig(raw: unknown): Config {
  if (!isObject(raw)) fail('config must be an object');
  const { tenantAlias, domain, debug, npmCdn } = raw;
  return {
    tenantAlias: isText(tenantAlias) ? tenantAlias : fail('tenantAlias not provided'),
    // A trailing slash would double the one every path starts with.
    domain: isText(domain) ? domain.replace(/\/+$/, '') : DEFAULT_DOMAIN,
    debug: debug === true,
    npmCdn: isText(npmCdn) ? npmCdn : DEFAULT_NPM_CDN,
  };
}

/** The options shared by every widget call, with anything of the wrong type dropped. */
export function widgetOptions(raw: Dict): CookieWidgetConfig & { engagementMedium: EngagementMedium } {
  const clean: Dict = { engagementMedium: raw.engagementMedium == 'EMBED' ? 'EMBED' : 'POPUP', displayOnLoad: raw.displayOnLoad === true };
  for (const key of ['widgetType', 'container', 'trigger', 'jwt', 'locale']) if (isText(raw[key])) clean[key] = raw[key];
  if (raw.container instanceof HTMLElement) clean.container = raw.container;
  if (isObject(raw.user)) clean.user = raw.user;
  return clean as unknown as ReturnType<typeof widgetOptions>;
}

export function validateWidgetConfig(raw: unknown): WidgetConfig & { engagementMedium: EngagementMedium } {
  if (!isObject(raw)) fail('Widget properties must be an object');
  const clean = widgetOptions(raw);
  return clean.user ? (clean as WidgetConfig & { engagementMedium: EngagementMedium }) : fail('Required properties missing.');
}

export function validateTrack(raw: unknown): UserEventInput {
  if (!isObject(raw) || !isText(raw.accountId) || !isText(raw.userId) || raw.events == null) fail('Fields required');
  const { accountId, userId, events } = raw;
  return Array.isArray(events) ? { accountId, userId, events } : fail("'events' should be an array");
}

export function validateTrackOptions(raw: unknown): TrackOptions {
  if (raw === undefined) return {};
  if (!isObject(raw)) fail("'options' should be an object");
  const { jwt } = raw;
  return isText(jwt) ? { jwt } : {};
}

export interface LoadParams {
  tenantAlias: string;
  externalAccountId: string;
  externalUserId: string;
  engagementMedium: string;
  programId?: string;
}

/**
 * Checks a widget-load identity {tenantAlias, accountId, userId, engagementMedium, programId?}:
 * the four are needed by the analytics calls whether or not a programId comes with them.
 */
export function loadEventParams(sqh: unknown): LoadParams {
  if (!isObject(sqh)) fail('Widget Load event identity property is not an object');
  const { tenantAlias, accountId, userId, engagementMedium, programId } = sqh;
  if (![tenantAlias, accountId, userId, engagementMedium].every(isText) || (programId != null && !isText(programId)))
    fail('Widget Load event missing required properties');
  return {
    tenantAlias,
    externalAccountId: accountId,
    externalUserId: userId,
    engagementMedium,
    ...(programId ? { programId } : {}),
  } as LoadParams;
}
