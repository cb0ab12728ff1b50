/**
 * The payment-method page's calls (spec section 7): add, re-verify or replace, remove, make
 * default; and the CVV-only tokeniser of the embedded sandbox, which sends a CVV alone to
 * Braintree's client API as a CVV-only hosted field does.
 */
import { ApiError, request } from '../../api/client';
import { PAYMENT_METHODS_PATH, decodeClientToken, fetchClientToken, tokenizeErrorMessage, type PaymentMethod } from '../../api/billing';

export const DEFAULT_PAYMENT_METHOD_PATH = '/zephr/payment/braintree/default-payment-method';

function methodPath(token: string): string {
  return `${PAYMENT_METHODS_PATH}/${encodeURIComponent(token)}`;
}

/** 402 payment-declined carries the processor's (or the CVV check's) sentence. */
export function addPaymentMethod(nonce: string): Promise<PaymentMethod> {
  return request(PAYMENT_METHODS_PATH, { method: 'POST', body: { payment_method_nonce: nonce } });
}

/** A card-form nonce replaces the card; a CVV-only nonce re-verifies it. 402 when refused. */
export function updatePaymentMethod(token: string, nonce: string): Promise<PaymentMethod> {
  return request(methodPath(token), { method: 'PATCH', body: { payment_method_nonce: nonce } });
}

/** 409 payment-method-in-use when it is the only method paying for a live membership. */
export async function deletePaymentMethod(token: string): Promise<void> {
  await request<null>(methodPath(token), { method: 'DELETE' });
}

export function setDefaultPaymentMethod(token: string): Promise<PaymentMethod> {
  return request(DEFAULT_PAYMENT_METHOD_PATH, { method: 'PUT', body: { payment_method_token: token } });
}

/** Turns a CVV into a single-use CVV-only nonce; production passes a Hosted Fields one. */
export interface CvvTokenizer {
  tokenize(cvv: string): Promise<string>;
}

/**
 * Posts {creditCard: {cvv}} to {clientApiUrl}/v1/payment_methods/credit_cards. A 422 becomes
 * an ApiError with the field error's message, as the card form's tokeniser reports it.
 */
export async function tokenizeCvvWithClientApi(clientToken: string, cvv: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  const { authorizationFingerprint, clientApiUrl } = decodeClientToken(clientToken);
  let response: Response;
  try {
    response = await fetchImpl(`${clientApiUrl.replace(/\/$/, '')}/v1/payment_methods/credit_cards`, {
      method: 'POST',
      // The CVV goes to the payment provider only; no cookies ride along.
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ authorizationFingerprint, creditCard: { cvv: cvv.trim() } }),
    });
  } catch {
    throw new ApiError('You are probably offline.', 0, 'network-error');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('The response is not a valid JSON response.', response.status, 'invalid-json');
  }
  if (!response.ok) throw new ApiError(tokenizeErrorMessage(body), response.status, 'card-invalid', body);
  const cards = (body as { creditCards?: unknown } | null)?.creditCards;
  const first = Array.isArray(cards) ? (cards[0] as { nonce?: unknown } | undefined) : undefined;
  if (!first || typeof first.nonce !== 'string') {
    throw new ApiError('The response is not a valid JSON response.', response.status, 'invalid-json', body);
  }
  return first.nonce;
}

export const clientApiCvvTokenizer: CvvTokenizer = {
  async tokenize(cvv) {
    return tokenizeCvvWithClientApi(await fetchClientToken(), cvv);
  },
};
