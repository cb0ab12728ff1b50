/** Page configuration the server injects into account.html as JSON. */

export const DEFAULT_ALLOWED_REDIRECT_HOSTS = ['127.0.0.1', 'localhost'];

export interface MastheadConfig {
  allowedRedirectHosts: string[];
}

export function parseConfig(raw: string | null | undefined): MastheadConfig {
  const fallback = { allowedRedirectHosts: DEFAULT_ALLOWED_REDIRECT_HOSTS };
  if (!raw) return fallback;
  try {
    const parsed: unknown = JSON.parse(raw);
    const hosts = (parsed as { allowedRedirectHosts?: unknown } | null)?.allowedRedirectHosts;
    if (!Array.isArray(hosts)) return fallback;
    const clean = hosts
      .filter((host): host is string => typeof host === 'string' && host.trim() !== '')
      .map((host) => host.trim().toLowerCase());
    return clean.length > 0 ? { allowedRedirectHosts: clean } : fallback;
  } catch {
    return fallback;
  }
}

export function readConfig(doc: Document = document): MastheadConfig {
  return parseConfig(doc.getElementById('masthead-config')?.textContent);
}
