/**
 * The site API's newsletters call (spec section 7): POST {restUrl}nyp-membership/v1/newsletters
 * as form data with _ajax_nonce and an action. A failure is logged and answers null, never a
 * thrown error (spec section 8: "newsletter failures return null"); the screens say so.
 */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';
import { siteNonce } from '../../api/siteNonce';
import { PAUSED_EVENT_ERROR } from '../../api/specTexts';

export type Newsletters = components['schemas']['NewslettersOut'];
export type NewsletterList = components['schemas']['NewsletterListOut'];
type Form = components['schemas']['Body_newsletters_wp_json_nyp_membership_v1_newsletters_post'];

export const NEWSLETTERS_PATH = '/wp-json/nyp-membership/v1/newsletters';

async function post(form: Form): Promise<Newsletters | null> {
  try {
    return await call(async () => {
      const nonce = await siteNonce();
      return api.POST(NEWSLETTERS_PATH, {
        body: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        bodySerializer: (body) => {
          const fields = new URLSearchParams({ _ajax_nonce: nonce });
          for (const [key, value] of Object.entries(body)) {
            if (value !== undefined && value !== null) fields.set(key, String(value));
          }
          return fields.toString();
        },
      });
    });
  } catch (error) {
    console.error('The newsletters call failed.', error);
    return null;
  }
}

export function readNewsletters(email: string): Promise<Newsletters | null> {
  return post({ action: 'read', email });
}

/** List ids go comma separated ("3,5"); nothing happens on the server when both are empty. */
export function updateNewsletters(email: string, subscribe: number[], unsubscribe: number[]): Promise<Newsletters | null> {
  return post({ action: 'update', email, subscribe: subscribe.join(','), unsubscribe: unsubscribe.join(',') });
}

/** Tells the provider a membership paused or resumed. */
export function sendAccountChange(email: string, pauseMembership: boolean): Promise<Newsletters | null> {
  return post({ action: 'account_change', email, pause_membership: pauseMembership });
}

/**
 * After a pause or a resume: the newsletters hear of it (spec section 7). A failure is logged
 * with the spec's sentence (section 8) and never undoes nor hides the change itself.
 */
export async function tellNewslettersOfPause(email: string, paused: boolean): Promise<boolean> {
  const answer = await sendAccountChange(email, paused);
  if (answer === null) console.error(PAUSED_EVENT_ERROR);
  return answer !== null;
}

/**
 * The signed preferences link of a newsletter mail (/account/settings/newsletters-update?token=):
 * the same lists with the link's token instead of a session, and the address masked.
 */
export type Preferences = components['schemas']['PreferencesOut'];
export const PREFERENCES_PATH = '/newsletters/preferences';

/** Throws the server's ApiError: an invalid, expired or closed link says which. */
export function readPreferences(token: string): Promise<Preferences> {
  return call(() => api.GET(PREFERENCES_PATH, { params: { query: { token } } }));
}

/** Answers null on failure, as the newsletters call does (spec section 8). */
export async function changePreferences(token: string, subscribe: number[], unsubscribe: number[]): Promise<Preferences | null> {
  try {
    return await call(() => api.POST(PREFERENCES_PATH, { body: { token, subscribe, unsubscribe } }));
  } catch (error) {
    console.error('The newsletter preferences call failed.', error);
    return null;
  }
}
