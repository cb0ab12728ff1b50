/**
 * The page-provided globals (spec section 3), read from the page's JSON data blocks and
 * validated: everything on a page is unknown input until it passes these checks.
 */

export interface SitePlan {
  id: string;
  name: string;
  ctaText: string;
  badge: string | null;
  featured: boolean;
  hasTrial: boolean;
  monthlyPrice: string;
  curation: string;
}

export interface CookieSettings {
  domain: string;
  expires: string;
  group: string;
  name: string;
  path: string;
  segment: string;
}

export interface MembershipSettings {
  plans: SitePlan[];
  curation: Record<string, string>;
  cookieSettings: CookieSettings;
  spotId: string;
  restUrl: string;
  nonce: string;
  inSupportedRegion: boolean;
}

export interface ContentGlobals {
  contentId: string;
  nonce: string;
}

export interface BrandLabels {
  key: string;
  name: string;
  membership: string;
  loadingLabel: string;
  paywallHeading: string;
  paywallText: string;
}

/** Spec section 9: the segment cookie 'vip-go-seg', path /, expiring in the year 2999. */
export const DEFAULT_COOKIE_SETTINGS: CookieSettings = {
  domain: '',
  expires: 'Fri, 31 Dec 2999 23:59:59 GMT',
  group: 'is-subscriber',
  name: 'vip-go-seg',
  path: '/',
  segment: 'yes',
};

const DEFAULT_LABELS: BrandLabels = {
  key: 'main',
  name: '',
  membership: 'Sports+',
  loadingLabel: 'Loading…',
  paywallHeading: 'Keep reading with Sports+',
  paywallText: '',
};

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function readBlock(id: string, doc: Document = document): unknown {
  const raw = doc.getElementById(id)?.textContent;
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    console.error(`The page's ${id} block is not valid JSON.`);
    return null;
  }
}

/** Plans keyed by id, in the page's order; a plan without an id or call to action is logged and dropped. */
export function parsePlans(raw: unknown): SitePlan[] {
  if (!isRecord(raw)) return [];
  const plans: SitePlan[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (!isRecord(value) || text(value.id) !== key || !text(value.cta_text)) {
      console.error(`Unknown plan ${key} dropped.`);
      continue;
    }
    plans.push({
      id: key,
      name: text(value.name),
      ctaText: text(value.cta_text),
      badge: typeof value.badge === 'string' ? value.badge : null,
      featured: value.featured === true,
      hasTrial: typeof value.trial_duration === 'number' && value.trial_duration > 0,
      monthlyPrice: text(value.monthly_price),
      curation: text(value.curation),
    });
  }
  return plans;
}

function parseCookieSettings(raw: unknown): CookieSettings {
  if (!isRecord(raw)) return DEFAULT_COOKIE_SETTINGS;
  const pick = (key: keyof CookieSettings) => text(raw[key], DEFAULT_COOKIE_SETTINGS[key]);
  const settings = {
    domain: pick('domain'),
    expires: pick('expires'),
    group: pick('group'),
    name: pick('name'),
    path: pick('path'),
    segment: pick('segment'),
  };
  // A name or group that could break out of the cookie string is not a setting.
  const safe = /^[\w.-]+$/;
  return safe.test(settings.name) && safe.test(settings.group) && safe.test(settings.segment)
    ? settings
    : DEFAULT_COOKIE_SETTINGS;
}

function parseCuration(raw: unknown): Record<string, string> {
  if (!isRecord(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== ''),
  );
}

export function parseMembershipSettings(raw: unknown, origin: string): MembershipSettings {
  const value = isRecord(raw) ? raw : {};
  let restUrl = `${origin}/wp-json/`;
  try {
    const url = new URL(text(value.restUrl), origin);
    if (url.origin === origin) restUrl = url.href.endsWith('/') ? url.href : `${url.href}/`;
  } catch {
    // keep this site's own
  }
  return {
    plans: parsePlans(value.plans),
    curation: parseCuration(value.curation),
    cookieSettings: parseCookieSettings(value.cookieSettings),
    spotId: text(value.spotId),
    restUrl,
    nonce: text(value.nonce),
    inSupportedRegion: value.inSupportedRegion !== false,
  };
}

export function parseContent(raw: unknown): ContentGlobals | null {
  if (!isRecord(raw) || !text(raw.contentId)) return null;
  return { contentId: text(raw.contentId), nonce: text(raw.nonce) };
}

export function parseLabels(raw: unknown): BrandLabels {
  if (!isRecord(raw)) return DEFAULT_LABELS;
  const pick = (key: keyof BrandLabels) => text(raw[key], DEFAULT_LABELS[key]) || DEFAULT_LABELS[key];
  return {
    key: pick('key'),
    name: pick('name'),
    membership: pick('membership'),
    loadingLabel: pick('loadingLabel'),
    paywallHeading: pick('paywallHeading'),
    paywallText: pick('paywallText'),
  };
}
