/** The past-due reader's retry: the site API charges the balance again (spec section 7). */
import { request } from '../../api/client';
import type { SubscriptionChange } from '../../api/subscriptionChanges';

export const retryPath = (id: string) => `/wp-json/nyp-membership/v1/subscriptions/${encodeURIComponent(id)}/retry`;

/** Resolves with the server's message on success; a decline rejects with its sentence. */
export async function retryPayment(id: string): Promise<string> {
  const answer = await request<SubscriptionChange>(retryPath(id), { method: 'POST' });
  return answer.message;
}

export const PAST_DUE_NOTE =
  'Your last payment did not go through. If your card has changed, update your payment method first, then retry the payment.';
