/**
 * The popup's message, unknown until checked: a sign-in popup answers login, register or
 * error; a confirm popup (a signed-in reader proving it is them) confirm or error. Anything
 * but an error counts only with the state this page made for that popup.
 */
import type { SocialProvider } from './socialApi';

export type PopupResult =
  | { action: 'login'; cookie: string; tracking_id: string; provider: SocialProvider }
  | { action: 'register'; identifier: string; stateKey: string; provider: SocialProvider }
  | { action: 'confirm'; provider: SocialProvider }
  | { action: 'error'; message: string };

export type PopupPurpose = 'sign-in' | 'confirm';
const ACTIONS: Record<PopupPurpose, readonly string[]> = { 'sign-in': ['login', 'register'], confirm: ['confirm'] };

const PROVIDERS: readonly string[] = ['google', 'facebook', 'apple'];

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : '';
}

/** null: not a popup result at all (ignored); a state that is not ours is refused as an error. */
export function readPopupMessage(data: unknown, expectedState: string, purpose: PopupPurpose = 'sign-in'): PopupResult | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const action = record.action;
  if (action === 'error') return { action, message: text(record, 'message') };
  if (typeof action !== 'string' || !ACTIONS[purpose].includes(action)) return null;
  if (expectedState === '' || record.state !== expectedState) {
    const doing = purpose === 'confirm' ? 'confirmation' : 'sign-in';
    return { action: 'error', message: `This ${doing} did not come from this page.` };
  }
  const provider = text(record, 'provider');
  if (!PROVIDERS.includes(provider)) return null;
  const known = provider as SocialProvider;
  if (action === 'confirm') return { action, provider: known };
  if (action === 'login') {
    const cookie = text(record, 'cookie');
    return cookie ? { action, cookie, tracking_id: text(record, 'tracking_id'), provider: known } : null;
  }
  const stateKey = text(record, 'stateKey');
  const identifier = text(record, 'identifier');
  return stateKey && identifier ? { action: 'register', identifier, stateKey, provider: known } : null;
}

/** A random state for one popup (128 bits, URL-safe). */
export function newPopupState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
