/**
 * The membership and payment calls of the account area, one function per endpoint, and the
 * sandbox's card tokeniser (Braintree's client API protocol).
 *
 * The wire shapes come from schema.d.ts, generated from the server's OpenAPI document.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, call } from './client';
import type { components } from './schema';

// Paths (spec section 7, and the server contract), as the OpenAPI document names them.
export const PLANS_PATH = '/wp-json/nyp-membership/v1/plans';
export const MEMBERSHIP_PATH = '/wp-json/nyp-membership/v1/membership';
export const CLIENT_TOKEN_PATH = '/blaize/payment/braintree/token';
export const PAYMENT_METHODS_PATH = '/zephr/payment/braintree/payment-methods';
export const SUBSCRIBE_PATH = '/blaize/payment/braintree/subscribe';
export const SUBSCRIPTIONS_PATH = '/blaize/payment/braintree/subscriptions';
/** One subscription: cancel (DELETE) and pause, resume, restart or switch (PATCH). */
export const SUBSCRIPTION_PATH = '/blaize/payment/braintree/subscriptions/{subscription_id}';

/** Spec section 9: default product id. */
export const DEFAULT_PRODUCT_ID = 'sports-membership';

type Schemas = components['schemas'];

/** GET plans: one value of the object keyed by plan id. Prices and texts come from the server. */
export type RawPlan = Schemas['PlanOut'];

export type PlansResponse = Record<string, RawPlan>;

/** Derived account statuses (spec section 4). */
export type AccountStatus = Schemas['MembershipOut']['status'];

export const MEMBER_STATUSES: readonly AccountStatus[] = ['Active', 'Cancelled_Active', 'Active_Pending', 'Active_Paused'];

/** {date, timezone_type 3, timezone UTC}. */
export type ServerDate = Schemas['DateObject'];

/** The normalised subscription (spec section 3). */
export type Subscription = Schemas['SubscriptionOut'];

export type MembershipResponse = Schemas['MembershipOut'];

export type PaymentMethod = Schemas['PaymentMethodOut'];

export interface SubscribeRequest {
  paymentNonce: string;
  planId: string;
  productId?: string;
  skipTrialPeriod?: boolean;
}

export interface CancelRequest {
  reason: string;
  reasonText: string;
}

// Calls

export function fetchPlans(): Promise<PlansResponse> {
  return call(() => api.GET(PLANS_PATH));
}

export function fetchMembership(): Promise<MembershipResponse> {
  return call(() => api.GET(MEMBERSHIP_PATH));
}

export async function fetchClientToken(): Promise<string> {
  const response = await call(() => api.GET(CLIENT_TOKEN_PATH));
  return response.token;
}

export function fetchPaymentMethods(): Promise<PaymentMethod[]> {
  return call(() => api.GET(PAYMENT_METHODS_PATH));
}

export function fetchSubscriptions(): Promise<Subscription[]> {
  return call(() => api.GET(SUBSCRIPTIONS_PATH));
}

/** 402 payment-declined carries the processor's message; 409 already-subscribed. */
export function subscribe({ paymentNonce, planId, productId = DEFAULT_PRODUCT_ID, skipTrialPeriod = false }: SubscribeRequest) {
  return call(() =>
    api.POST(SUBSCRIBE_PATH, {
      body: { payment_nonce: paymentNonce, plan_id: planId, product_id: productId, skip_trial_period: skipTrialPeriod },
    }),
  );
}

export function cancelSubscription(id: string, { reason, reasonText }: CancelRequest): Promise<Subscription> {
  return call(() =>
    api.DELETE(SUBSCRIPTION_PATH, {
      params: { path: { subscription_id: id } },
      body: { 'cancel-reason': reason, 'cancel-reason-text': reasonText },
    }),
  );
}

// Queries

export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  /** Per reader: another reader logging in on this tab never sees the previous one's data. */
  membership: (reader: string | null) => ['billing', 'membership', reader] as const,
  paymentMethods: (reader: string | null) => ['billing', 'payment-methods', reader] as const,
  subscriptions: (reader: string | null) => ['billing', 'subscriptions', reader] as const,
  clientToken: (reader: string | null) => ['billing', 'client-token', reader] as const,
};

export const plansQuery = queryOptions({ queryKey: billingKeys.plans, queryFn: fetchPlans });

export function membershipQuery(reader: string | null) {
  return queryOptions({ queryKey: billingKeys.membership(reader), queryFn: fetchMembership });
}

export function paymentMethodsQuery(reader: string | null) {
  return queryOptions({ queryKey: billingKeys.paymentMethods(reader), queryFn: fetchPaymentMethods });
}

export function subscriptionsQuery(reader: string | null) {
  return queryOptions({ queryKey: billingKeys.subscriptions(reader), queryFn: fetchSubscriptions });
}

export function clientTokenQuery(reader: string | null) {
  // A client token is short-lived on Braintree: always a fresh one for a new card form.
  return queryOptions({ queryKey: billingKeys.clientToken(reader), queryFn: fetchClientToken, staleTime: 0, gcTime: 0 });
}

// The sandbox card tokeniser: Braintree's client API, spoken by the local sandbox.

export interface ClientTokenClaims {
  authorizationFingerprint: string;
  clientApiUrl: string;
}

/** Reads a Braintree client token (base64 JSON); throws when it is not one. */
export function decodeClientToken(token: string): ClientTokenClaims {
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(token));
  } catch {
    throw new Error('The payment client token is not valid.');
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const { authorizationFingerprint, clientApiUrl } = record;
  if (typeof authorizationFingerprint !== 'string' || typeof clientApiUrl !== 'string' || !authorizationFingerprint || !clientApiUrl) {
    throw new Error('The payment client token is not valid.');
  }
  return { authorizationFingerprint, clientApiUrl };
}

export interface CardForTokenizing {
  cardholderName: string;
  number: string;
  expirationDate: string;
  cvv: string;
  postalCode: string;
}

/**
 * Posts a card to {clientApiUrl}/v1/payment_methods/credit_cards and returns the nonce.
 * A 422 becomes an ApiError carrying the first field error's message (else the error's).
 */
export function tokenizeWithClientApi(clientToken: string, card: CardForTokenizing, fetchImpl: typeof fetch = fetch): Promise<{ nonce: string; type: string }> {
  return postCreditCard(
    clientToken,
    {
      number: card.number.replace(/[\s-]/g, ''),
      expirationDate: card.expirationDate.trim(),
      cvv: card.cvv.trim(),
      cardholderName: card.cardholderName.trim(),
      billingAddress: { postalCode: card.postalCode.trim() },
    },
    fetchImpl,
  );
}

/**
 * Braintree's client API: {authorizationFingerprint, creditCard} to the token's
 * {clientApiUrl}/v1/payment_methods/credit_cards, for a whole card or a CVV alone. The
 * nonce and its type, or an ApiError with the refusal's most specific message.
 */
export async function postCreditCard(clientToken: string, creditCard: Record<string, unknown>, fetchImpl: typeof fetch = fetch): Promise<{ nonce: string; type: string }> {
  const { response, body } = await postToClientApi(clientToken, 'credit_cards', { creditCard }, fetchImpl);
  if (!response.ok) {
    throw new ApiError(tokenizeErrorMessage(body), response.status, 'card-invalid', body);
  }
  const cards = (body as { creditCards?: unknown } | null)?.creditCards;
  const first = Array.isArray(cards) ? (cards[0] as { nonce?: unknown; type?: unknown } | undefined) : undefined;
  if (!first || typeof first.nonce !== 'string') {
    throw new ApiError('The response is not a valid JSON response.', response.status, 'invalid-json', body);
  }
  return { nonce: first.nonce, type: typeof first.type === 'string' ? first.type : 'CreditCard' };
}

/**
 * One POST to Braintree's client API, {clientApiUrl}/v1/payment_methods/<path>, with the
 * token's fingerprint and `fields`: the answer and its parsed body. Offline and non-JSON
 * answers are ApiErrors; refusals are the caller's to read.
 */
export async function postToClientApi(
  clientToken: string,
  path: string,
  fields: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<{ response: Response; body: unknown }> {
  const { authorizationFingerprint, clientApiUrl } = decodeClientToken(clientToken);
  let response: Response;
  try {
    response = await fetchImpl(`${clientApiUrl.replace(/\/$/, '')}/v1/payment_methods/${path}`, {
      method: 'POST',
      // Card and wallet details go to the payment provider only; no cookies ride along.
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ authorizationFingerprint, ...fields }),
    });
  } catch {
    throw new ApiError('You are probably offline.', 0, 'network-error');
  }
  try {
    return { response, body: await response.json() };
  } catch {
    throw new ApiError('The response is not a valid JSON response.', response.status, 'invalid-json');
  }
}

/** The most specific message of a client API error body. */
export function tokenizeErrorMessage(body: unknown): string {
  const record = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: { message?: unknown };
    fieldErrors?: { fieldErrors?: { message?: unknown }[] }[];
  };
  for (const group of record.fieldErrors ?? []) {
    for (const field of group.fieldErrors ?? []) {
      if (typeof field.message === 'string' && field.message) return field.message;
    }
  }
  const message = record.error?.message;
  return typeof message === 'string' && message ? message : 'An unknown error occurred.';
}
