/** Page configuration the server injects into account.html as JSON. */

export const DEFAULT_ALLOWED_REDIRECT_HOSTS = ['127.0.0.1', 'localhost'];

export interface MastheadConfig {
  allowedRedirectHosts: string[];
  /**
   * The server's region check (spec: membership settings' inSupportedRegion). False shows
   * the unsupported-region page instead of the router; absent counts as supported.
   */
  inSupportedRegion?: boolean;
  /**
   * How cards are entered: 'hosted-fields' (Braintree Hosted Fields, when the server talks to
   * Braintree itself) or 'client-api' (the form's own inputs, tokenised by the server's
   * sandbox). Anything else counts as 'client-api'.
   */
  cardEntry?: CardEntry;
  /** The brand of the site the reader came from (the host's): the header's name and home link. */
  brand?: SiteBrand;
  /** This host is one brand's site of several: a sign-in hops through the others (handoff/allBrands.ts). */
  signInAllBrands?: boolean;
}

export interface SiteBrand {
  name: string;
  /** The brand's news site: a path on this host (never another site). */
  homeUrl: string;
}

/** Without the server's brand (an old shell): a neutral name, the host's home page. */
export const DEFAULT_BRAND: SiteBrand = { name: 'Masthead', homeUrl: '/' };

function parseBrand(raw: unknown): SiteBrand {
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const name = typeof record.name === 'string' && record.name.trim() !== '' ? record.name.trim() : DEFAULT_BRAND.name;
  const home = record.homeUrl;
  // A path on this host only: "//elsewhere" or "/\\elsewhere" would leave the site.
  const homeUrl = typeof home === 'string' && /^\/(?![/\\])/.test(home) ? home : DEFAULT_BRAND.homeUrl;
  return { name, homeUrl };
}

export type CardEntry = 'hosted-fields' | 'client-api';

function parseHosts(hosts: unknown): string[] {
  if (!Array.isArray(hosts)) return DEFAULT_ALLOWED_REDIRECT_HOSTS;
  const clean = hosts
    .filter((host): host is string => typeof host === 'string' && host.trim() !== '')
    .map((host) => host.trim().toLowerCase());
  return clean.length > 0 ? clean : DEFAULT_ALLOWED_REDIRECT_HOSTS;
}

export function parseConfig(raw: string | null | undefined): MastheadConfig {
  let parsed: unknown = null;
  try {
    parsed = raw ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  return {
    allowedRedirectHosts: parseHosts(record.allowedRedirectHosts),
    // Only the server's explicit false closes the account area: a page without the value
    // (an old shell, a broken placeholder) keeps working.
    inSupportedRegion: record.inSupportedRegion !== false,
    cardEntry: record.cardEntry === 'hosted-fields' ? 'hosted-fields' : 'client-api',
    brand: parseBrand(record.brand),
    // Only when the server says so (absent: each site signs in on its own).
    ...(record.signInAllBrands === true ? { signInAllBrands: true } : {}),
  };
}

export function readConfig(doc: Document = document): MastheadConfig {
  return parseConfig(doc.getElementById('masthead-config')?.textContent);
}
