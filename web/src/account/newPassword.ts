import type { ApiError } from '../api/client';
import { messages } from './messages';

/** Under every new-password field: the spec's rule, and the breach-list check the server adds. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, with one uppercase letter. Avoid common passwords.';

/**
 * What to show when the server refuses a new password (400 password-not-strong). The server
 * says why: the spec's rule, or that the password is on a list of breached passwords, which
 * only the server checks. The spec's rule text stands in when the answer carried no message.
 */
export function passwordRefusal(error: ApiError): string {
  const body: unknown = error.body;
  const sent = typeof body === 'object' && body !== null && 'message' in body ? body.message : null;
  return typeof sent === 'string' && sent.trim() !== '' ? sent : messages.passwordRule;
}
