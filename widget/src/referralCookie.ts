import { loadChunk } from './chunks.js';
import { log } from './log.js';

/** The raw _saasquatch cookie value (base64url needs no decoding), or null. */
export const readReferralCookie = (): string | null => /(?:^|;\s*)_saasquatch=([^;]*)/.exec(document.cookie)?.[1] ?? null;

/** Settles once the referral cookie asked for by the last pushCookie() is stored. */
let storing: Promise<unknown> = Promise.resolve();

/** Waits for a pushCookie() under way, so what reads the cookie next reads the merged one. */
export const cookieStored = (): Promise<unknown> => storing;

/**
 * squatch-js's pushCookie: stores the `_saasquatch` URL parameter as the referral cookie, merged
 * into the one the browser has. The code that does it comes with the autofill chunk, which is
 * loaded only when the address carries the parameter: most pages never need it.
 */
export function pushCookie(): Promise<unknown> {
  if (new URLSearchParams(location.search).has('_saasquatch'))
    storing = storing.then(() => loadChunk('autofill')).then((chunk) => chunk.storeReferralCookie()).catch(log);
  return storing;
}
