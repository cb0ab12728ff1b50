import type { Config, CookieWidgetConfig, EngagementMedium, TrackOptions, UserEventInput, WidgetConfig } from './types.js';

// Everything a page or a frame hands us is treated as unknown and checked before use.
export type Dict = Record<string, unknown>;

export const isObject = (x: unknown): x is Dict =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export const isText = (x: unknown): x is string => typeof x === 'string' && x !== '';

export const DEFAULT_DOMAIN = 'https://app.referralsaasquatch.com';
export const DEFAULT_NPM_CDN = 'https://fast.ssqt.io/npm';

export function validateConfig(raw: unknown): Config {
  if (!isObject(raw)) throw new Error('config must be an object');
  const { tenantAlias, domain, debug, npmCdn } = raw;
  if (!isText(tenantAlias)) throw new Error('tenantAlias not provided');
  return {
    tenantAlias,
    // A trailing slash would double the one every path starts with.
    domain: isText(domain) ? domain.replace(/\/+$/, '') : DEFAULT_DOMAIN,
    debug: debug === true,
    npmCdn: isText(npmCdn) ? npmCdn : DEFAULT_NPM_CDN,
  };
}

/** The options shared by every widget call, with anything of the wrong type dropped. */
export function widgetOptions(raw: Dict): CookieWidgetConfig & { engagementMedium: EngagementMedium } {
  const clean: Dict = { engagementMedium: raw.engagementMedium === 'EMBED' ? 'EMBED' : 'POPUP' };
  for (const key of ['widgetType', 'container', 'trigger', 'jwt', 'locale']) if (isText(raw[key])) clean[key] = raw[key];
  if (raw.container instanceof HTMLElement) clean.container = raw.container;
  if (isObject(raw.user)) clean.user = raw.user;
  clean.displayOnLoad = raw.displayOnLoad === true;
  return clean as unknown as ReturnType<typeof widgetOptions>;
}

export function validateWidgetConfig(raw: unknown): WidgetConfig & { engagementMedium: EngagementMedium } {
  if (!isObject(raw)) throw new Error('Widget properties must be an object');
  if (!isObject(raw.user)) throw new Error('Required properties missing.');
  return { ...widgetOptions(raw), user: raw.user as WidgetConfig['user'] };
}

export function validateTrack(raw: unknown): UserEventInput {
  if (!isObject(raw) || !isText(raw.accountId) || !isText(raw.userId) || raw.events == null)
    throw new Error('Fields required');
  if (!Array.isArray(raw.events)) throw new Error("'events' should be an array");
  return { accountId: raw.accountId, userId: raw.userId, events: raw.events };
}

export function validateTrackOptions(raw: unknown): TrackOptions {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw new Error("'options' should be an object");
  return isText(raw.jwt) ? { jwt: raw.jwt } : {};
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
  if (!isObject(sqh)) throw new Error('Widget Load event identity property is not an object');
  const { tenantAlias, accountId, userId, engagementMedium, programId } = sqh;
  if (![tenantAlias, accountId, userId, engagementMedium].every(isText) || (programId != null && !isText(programId)))
    throw new Error('Widget Load event missing required properties');
  return {
    tenantAlias: tenantAlias as string,
    externalAccountId: accountId as string,
    externalUserId: userId as string,
    engagementMedium: engagementMedium as string,
    ...(programId ? { programId: programId as string } : {}),
  };
}
