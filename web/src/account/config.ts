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
  };
}

export function readConfig(doc: Document = document): MastheadConfig {
  return parseConfig(doc.getElementById('masthead-config')?.textContent);
}
