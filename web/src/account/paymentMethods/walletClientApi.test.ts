import { describe, expect, it, vi } from 'vitest';
import { postWalletApproval } from './walletClientApi';

const clientApiUrl = 'http://127.0.0.1:8000/braintree-sandbox/merchants/m1/client_api/';
const fingerprint = 'sig|merchant_id=m1&customer_id=r1';
const token = btoa(JSON.stringify({ version: 2, authorizationFingerprint: fingerprint, clientApiUrl }));

describe('postWalletApproval', () => {
  it.each([
    ['PayPalAccount', 'paypal_accounts', 'paypalAccount', 'paypalAccounts', 'PayPalAccount', 'jane.doe@example.com'],
    ['GooglePay', 'android_pay_cards', 'androidPayCard', 'androidPayCards', 'AndroidPayCard', 'Visa ending in 1111'],
    ['ApplePay', 'apple_pay_cards', 'applePayCard', 'applePayCards', 'ApplePayCard', 'Visa ending in 1881'],
  ] as const)("posts %s's approval to Braintree's client API path for it, without cookies", async (wallet, path, bodyKey, answerKey, type, description) => {
    const answer = { [answerKey]: [{ nonce: 'n-1', type, description, details: {} }] };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(answer), { status: 201 }));
    await expect(postWalletApproval(token, wallet, fetchImpl)).resolves.toEqual({ nonce: 'n-1', type, description });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`http://127.0.0.1:8000/braintree-sandbox/merchants/m1/client_api/v1/payment_methods/${path}`);
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ authorizationFingerprint: fingerprint, [bodyKey]: {} });
  });

  it("reports the client API's refusal, no connection, and an answer without a nonce", async () => {
    const refused = vi.fn(async () => new Response(JSON.stringify({ error: { message: 'Authorization fingerprint is invalid' } }), { status: 401 }));
    await expect(postWalletApproval(token, 'PayPalAccount', refused)).rejects.toMatchObject({ status: 401, message: 'Authorization fingerprint is invalid' });
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(postWalletApproval(token, 'GooglePay', offline)).rejects.toMatchObject({ status: 0, message: 'You are probably offline.' });
    const empty = vi.fn(async () => new Response(JSON.stringify({ applePayCards: [] }), { status: 201 }));
    await expect(postWalletApproval(token, 'ApplePay', empty)).rejects.toMatchObject({ message: 'The wallet could not be used. Please try again.' });
  });
});
