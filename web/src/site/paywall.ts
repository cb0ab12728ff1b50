/** What the paywall shows, from the server's answers and the segment cookie's hint. */
import type { Access } from './access';

/** unavailable: entitled, but the body could not be read (logged; the cover stays, quiet). */
export type PaywallView = 'loader' | 'offer-anonymous' | 'offer-reader' | 'open' | 'unavailable';

export function paywallView(access: Access, hintedSubscriber: boolean): PaywallView {
  switch (access.status) {
    case 'checking':
      return hintedSubscriber ? 'loader' : 'offer-anonymous';
    case 'member':
      return access.release === 'failed' ? 'unavailable' : 'loader';
    case 'open':
      return 'open';
    case 'reader':
      return 'offer-reader';
    case 'anonymous':
    case 'failed':
      return 'offer-anonymous';
  }
}
