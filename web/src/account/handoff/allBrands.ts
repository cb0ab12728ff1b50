/**
 * One sign-in on every brand's site. The session cookie is each site's own (host-only), and a
 * site cannot set another's cookie without third-party cookies; so after a sign-in the browser
 * makes a few top-level hops: the server mints a one-time code per other brand and redirects
 * through each brand's /blaize/handoff/hop, which signs the reader in there, ending back at
 * the destination (server: identity/handoff).
 */
import { FOCUS_ON_ARRIVAL_KEY } from '../../ui/PageHeading';

export const ALL_BRANDS_PATH = '/blaize/handoff/brands';
/** The server's longest return address (identity/handoff/targets.py MAX_TARGET_LENGTH): a
 * longer one would be refused with a 400 page, so such a reader goes straight on instead. */
const MAX_RETURN_LENGTH = 2000;

/** Where to go after a sign-in: through the other brands first when this host is one of several
 * (and then the landing page's heading takes the focus, as after a move inside the app). */
export function throughAllBrands(destination: string, signInAllBrands: boolean | undefined, mobileApp: boolean): string {
  // The app's web view is one site only: it signs in again through the app's own hand-off.
  if (!signInAllBrands || mobileApp || destination.length > MAX_RETURN_LENGTH) return destination;
  try {
    // The page the hops end at continues this navigation: its heading takes the focus.
    window.sessionStorage.setItem(FOCUS_ON_ARRIVAL_KEY, '1');
  } catch {
    // storage refused: the page starts where the browser starts it
  }
  return `${ALL_BRANDS_PATH}?${new URLSearchParams({ return: destination }).toString()}`;
}
