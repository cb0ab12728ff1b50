/** The past-due reader's retry: the site API charges the balance again (spec section 7). */
import { api, call } from '../../api/client';

export const RETRY_PATH = '/wp-json/nyp-membership/v1/subscriptions/{subscription_id}/retry';

/** Resolves with the server's message on success; a decline rejects with its sentence. */
export async function retryPayment(id: string): Promise<string> {
  const answer = await call(() => api.POST(RETRY_PATH, { params: { path: { subscription_id: id } } }));
  return answer.message;
}

export const PAST_DUE_NOTE =
  'Your last payment did not go through. If your card has changed, update your payment method first, then retry the payment.';
