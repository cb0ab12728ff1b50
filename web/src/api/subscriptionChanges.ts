/** Pause, resume and plan switch of a running membership, and the pause confirmation mail. */
import { SUBSCRIPTION_PATH } from './billing';
import { api, call } from './client';
import type { components } from './schema';

export const PAUSE_EMAIL_PATH = '/wp-json/nyp-membership/v1/pause-subscription-email/';
/** Months a reader may pause for (the server's changes.PAUSE_LENGTHS). */
export const PAUSE_LENGTHS = [1, 2, 3] as const;

export type SubscriptionChange = components['schemas']['SubscriptionChangeOut'];

type ChangeIn = components['schemas']['SubscriptionChangeIn'];
/** The reason fields have server defaults (empty): a request may leave them out. */
type ChangeBody = Pick<ChangeIn, 'action'> & Partial<Omit<ChangeIn, 'action'>>;

function change(id: string, body: ChangeBody): Promise<SubscriptionChange> {
  // The generated type counts the defaulted fields as required: they go with their defaults.
  const withDefaults = { 'pause-reason': '', 'pause-reason-text': '', ...body };
  return call(() => api.PATCH(SUBSCRIPTION_PATH, { params: { path: { subscription_id: id } }, body: withDefaults }));
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

export type PauseEmail = components['schemas']['PauseEmailIn'];

/** Spec: failure or an error in the answer yields false; it never stops the pause. */
export async function sendPauseEmail(email: PauseEmail): Promise<boolean> {
  try {
    const answer = await call(() => api.POST(PAUSE_EMAIL_PATH, { body: email }));
    return !answer.error;
  } catch {
    return false;
  }
}

const DISCOUNTS_PATH = '/wp-json/nyp-membership/v1/subscriptions/{subscription_id}/discounts';

export function takeDiscount(id: string, discountId: string): Promise<SubscriptionChange> {
  return call(() => api.POST(DISCOUNTS_PATH, { params: { path: { subscription_id: id } }, body: { discount_id: discountId } }));
}
