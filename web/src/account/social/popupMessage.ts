/**
 * The popup's message, unknown until checked: only the three actions, and a login or register
 * only with the state this page made for that popup.
 */
import type { SocialProvider } from './socialApi';

export type PopupResult =
  | { action: 'login'; cookie: string; tracking_id: string; provider: SocialProvider }
  | { action: 'register'; identifier: string; stateKey: string; provider: SocialProvider }
  | { action: 'error'; message: string };

const PROVIDERS: readonly string[] = ['google', 'facebook', 'apple'];

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

/** null: not a popup result at all (ignored); a state that is not ours is refused as an error. */
export function readPopupMessage(data: unknown, expectedState: string): PopupResult | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const action = record.action;
  if (action === 'error') return { action, message: text(record, 'message') };
  if (action !== 'login' && action !== 'register') return null;
  if (expectedState === '' || record.state !== expectedState) {
    return { action: 'error', message: 'This sign-in did not come from this page.' };
  }
  const provider = text(record, 'provider');
  if (!PROVIDERS.includes(provider)) return null;
  const known = provider as SocialProvider;
  if (action === 'login') {
    const cookie = text(record, 'cookie');
    return cookie ? { action, cookie, tracking_id: text(record, 'tracking_id'), provider: known } : null;
  }
  const stateKey = text(record, 'stateKey');
  const identifier = text(record, 'identifier');
  return stateKey && identifier ? { action, identifier, stateKey, provider: known } : null;
}

/** A random state for one popup (128 bits, URL-safe). */
export function newPopupState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
