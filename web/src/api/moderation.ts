/**
 * The site API's profanity check (spec sections 5 and 7): display names and text go through it
 * before they are saved, and any result other than 'pass' fails. The server checks again when
 * the profile is saved (400 profane-text), so this is the reader's early answer, not the guard.
 */
import { api, call, isApiError } from './client';
import type { components } from './schema';

export const PROFANITY_CHECK_PATH = '/wp-json/nyp-membership/v1/profanity-check';
export const PROFANE_TEXT = 'profane-text';

export type ProfanityAnswer = components['schemas']['ProfanityPassed'] | components['schemas']['ProfanityRefused'];

/** The sentence that says what to change, or null when the text may be saved. */
export async function profanityRefusal(text: string): Promise<string | null> {
  const answer: ProfanityAnswer = await call(() => api.POST(PROFANITY_CHECK_PATH, { body: { string: text } }));
  return answer.result === 'pass' ? null : answer.message;
}

/** A save the server refused for a profane display name or bio: which key, and what to say. */
export function profaneTextRefusal(error: unknown): { key: string; message: string } | null {
  if (!isApiError(error) || error.status !== 400 || error.type !== PROFANE_TEXT) return null;
  const body = error.body as { field?: unknown } | null;
  return typeof body?.field === 'string' ? { key: body.field, message: error.message } : null;
}
