/** Pause, resume and plan switch of a running membership, and the pause confirmation mail. */
import { SUBSCRIPTIONS_PATH } from './billing';
import { request } from './client';
import type { components } from './schema';

export const PAUSE_EMAIL_PATH = '/wp-json/nyp-membership/v1/pause-subscription-email/';
/** Months a reader may pause for (the server's changes.PAUSE_LENGTHS). */
export const PAUSE_LENGTHS = [1, 2, 3] as const;

export type SubscriptionChange = components['schemas']['SubscriptionChangeOut'];

type ChangeIn = components['schemas']['SubscriptionChangeIn'];
/** The reason fields have server defaults: a request may leave them out. */
type ChangeBody = Pick<ChangeIn, 'action'> & Partial<Omit<ChangeIn, 'action'>>;

function change(id: string, body: ChangeBody): Promise<SubscriptionChange> {
  return request(`${SUBSCRIPTIONS_PATH}/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function pauseSubscription(id: string, months: number, reason = ''): Promise<SubscriptionChange> {
  return change(id, { action: 'pause', pause_length: months, 'pause-reason': reason });
}

export function resumeSubscription(id: string): Promise<SubscriptionChange> {
  return change(id, { action: 'resume' });
}

/** The cancelled-user resubscribe: continues a cancelled, still-paid membership. */
export function restartSubscription(id: string): Promise<SubscriptionChange> {
  return change(id, { action: 'restart' });
}

export function switchPlan(id: string, planId: string): Promise<SubscriptionChange> {
  return change(id, { action: 'switch', plan_id: planId });
}

export interface PauseEmail {
  emailAddress: string;
  pauseLength: number;
  pauseLengthEffectiveDate: string;
  billingCycleEndDate: string;
  cta: string;
}

/** Spec: failure or an error in the answer yields false; it never stops the pause. */
export async function sendPauseEmail(email: PauseEmail): Promise<boolean> {
  try {
    const answer = await request<{ error: string | null }>(PAUSE_EMAIL_PATH, { method: 'POST', body: email });
    return !answer.error;
  } catch {
    return false;
  }
}

const discountsPath = (id: string) => `/wp-json/nyp-membership/v1/subscriptions/${encodeURIComponent(id)}/discounts`;

export function takeDiscount(id: string, discountId: string): Promise<SubscriptionChange> {
  return request(discountsPath(id), { method: 'POST', body: { discount_id: discountId } });
}
