/**
 * The site API's human-verification calls (spec section 7: /recaptcha-disable, /recaptcha
 * {token}): what the challenge needs, and the server's check of a token.
 */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export const CHALLENGE_PATH = '/wp-json/nyp-membership/v1/recaptcha-disable';
export const VERIFY_PATH = '/wp-json/nyp-membership/v1/recaptcha';

export type Challenge = components['schemas']['ChallengeOut'];

export function fetchChallenge(): Promise<Challenge> {
  return call(() => api.GET(CHALLENGE_PATH));
}

/** On success the server keeps an HttpOnly proof that register and checkout then require. */
export function sendToken(token: string): Promise<unknown> {
  return call(() => api.POST(VERIFY_PATH, { body: { token } }));
}
