/**
 * The payment-method page's calls (spec section 7): add, re-verify or replace, remove, make
 * default; and the CVV-only tokeniser of the embedded sandbox, which sends a CVV alone to
 * Braintree's client API as a CVV-only hosted field does.
 */
import { PAYMENT_METHODS_PATH, fetchClientToken, postCreditCard, type PaymentMethod } from '../../api/billing';
import { api, call } from '../../api/client';
import type { HostedCardTokenizer } from '../../ui/cardTokenizer';

export const DEFAULT_PAYMENT_METHOD_PATH = '/zephr/payment/braintree/default-payment-method';

const METHOD_PATH = '/zephr/payment/braintree/payment-methods/{token}';
const byToken = (token: string) => ({ params: { path: { token } } });

/** 402 payment-declined carries the processor's (or the CVV check's) sentence. */
export function addPaymentMethod(nonce: string): Promise<PaymentMethod> {
  return call(() => api.POST(PAYMENT_METHODS_PATH, { body: { payment_method_nonce: nonce } }));
}

/** A card-form nonce replaces the card; a CVV-only nonce re-verifies it. 402 when refused. */
export function updatePaymentMethod(token: string, nonce: string): Promise<PaymentMethod> {
  return call(() => api.PATCH(METHOD_PATH, { ...byToken(token), body: { payment_method_nonce: nonce } }));
}

/** 409 payment-method-in-use when it is the only method paying for a live membership. */
export async function deletePaymentMethod(token: string): Promise<void> {
  await call(() => api.DELETE(METHOD_PATH, byToken(token)));
}

export function setDefaultPaymentMethod(token: string): Promise<PaymentMethod> {
  return call(() => api.PUT(DEFAULT_PAYMENT_METHOD_PATH, { body: { payment_method_token: token } }));
}

/** Turns a CVV typed into the page's own input into a single-use CVV-only nonce. */
export interface CvvValuesTokenizer {
  kind?: 'values';
  tokenize(cvv: string): Promise<string>;
}

/** The sandbox's values tokeniser, or in production Hosted Fields mounting the CVV alone. */
export type CvvTokenizer = CvvValuesTokenizer | HostedCardTokenizer;

/**
 * Posts {creditCard: {cvv}} to Braintree's client API as the card form's tokeniser posts a
 * card (api/billing.ts): a refusal is an ApiError with the field error's message.
 */
export async function tokenizeCvvWithClientApi(clientToken: string, cvv: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const { nonce } = await postCreditCard(clientToken, { cvv: cvv.trim() }, fetchImpl);
  return nonce;
}

export const clientApiCvvTokenizer: CvvValuesTokenizer = {
  async tokenize(cvv) {
    return tokenizeCvvWithClientApi(await fetchClientToken(), cvv);
  },
};
