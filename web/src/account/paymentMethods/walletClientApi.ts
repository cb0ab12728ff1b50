/**
 * The client API call braintree-web's PayPal, Google Pay and Apple Pay components make once
 * the reader approved in the wallet's own window: {authorizationFingerprint, <wallet>} to the
 * client token's {clientApiUrl}/v1/payment_methods/<wallet path>, answered with a single-use
 * nonce of the wallet's kind. The embedded sandbox answers it for its test accounts.
 */
import { ApiError } from '../../api/client';
import { postToClientApi } from '../../api/billing';
import type { WalletType } from './wallets';

/** Braintree's client API path, the answer's list key and the body's key, per wallet. */
export const WALLET_CLIENT_API: Record<WalletType, { path: string; answer: string; body: string }> = {
  PayPalAccount: { path: 'paypal_accounts', answer: 'paypalAccounts', body: 'paypalAccount' },
  GooglePay: { path: 'android_pay_cards', answer: 'androidPayCards', body: 'androidPayCard' },
  ApplePay: { path: 'apple_pay_cards', answer: 'applePayCards', body: 'applePayCard' },
};

export interface WalletNonce {
  nonce: string;
  /** Braintree's client-side type: PayPalAccount, AndroidPayCard, ApplePayCard. */
  type: string;
  /** "jane.doe@example.com", "Visa ending in 1111". */
  description: string;
}

/** The approved wallet's nonce, or an ApiError with the client API's message. */
export async function postWalletApproval(clientToken: string, wallet: WalletType, fetchImpl: typeof fetch = fetch): Promise<WalletNonce> {
  const api = WALLET_CLIENT_API[wallet];
  const { response, body } = await postToClientApi(clientToken, api.path, { [api.body]: {} }, fetchImpl);
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const made = Array.isArray(record[api.answer]) ? (record[api.answer] as unknown[])[0] : null;
  const item = (typeof made === 'object' && made !== null ? made : {}) as Record<string, unknown>;
  if (!response.ok || typeof item.nonce !== 'string' || !item.nonce) {
    const error = record.error as { message?: unknown } | undefined;
    const message = typeof error?.message === 'string' && error.message ? error.message : 'The wallet could not be used. Please try again.';
    throw new ApiError(message, response.status, 'wallet-refused', body);
  }
  return { nonce: item.nonce, type: String(item.type ?? ''), description: String(item.description ?? '') };
}
