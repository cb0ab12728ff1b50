/**
 * The site API's nonce (X-WP-Nonce). The account area is one page that outlives logins and
 * logouts, and a nonce is bound to the session it was made for: it is fetched when first
 * needed and again when the server says it no longer fits (403 bad-nonce).
 */
export const SITE_API_PREFIX = '/wp-json/';
export const NONCE_PATH = '/wp-json/nyp-membership/v1/nonce';
export const BAD_NONCE = 'bad-nonce';

let current: Promise<string> | null = null;

async function fetchNonce(): Promise<string> {
  const response = await fetch(NONCE_PATH, { credentials: 'include', headers: { Accept: 'application/json' } });
  const body = (await response.json()) as { nonce?: unknown };
  if (!response.ok || typeof body.nonce !== 'string') throw new Error('no nonce');
  return body.nonce;
}

/** Whether a request URL is a site API call that carries the nonce. */
export function needsNonce(url: string): boolean {
  const path = url.startsWith('http') ? new URL(url).pathname : url;
  return path.startsWith(SITE_API_PREFIX) && !path.startsWith(NONCE_PATH);
}

/** The nonce to send; a fresh one when `renew` (after a 403 bad-nonce). Empty if unavailable. */
export async function siteNonce(renew = false): Promise<string> {
  if (renew || current === null) {
    const pending = fetchNonce();
    current = pending;
    pending.catch(() => {
      if (current === pending) current = null; // try again next time
    });
  }
  return current.catch(() => '');
}

/** For tests and logout: forget the nonce. */
export function forgetSiteNonce(): void {
  current = null;
}
