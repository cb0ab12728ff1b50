import { describe, expect, it, vi } from 'vitest';
import { tokenizeCvvWithClientApi } from './api';

const clientApiUrl = 'http://127.0.0.1:8000/braintree-sandbox/merchants/m1/client_api/';
const token = btoa(JSON.stringify({ version: 2, authorizationFingerprint: 'sig|merchant_id=m1&customer_id=r1', clientApiUrl }));

describe('tokenizeCvvWithClientApi', () => {
  it("sends the CVV alone, as Braintree's CVV-only field does, without cookies", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ creditCards: [{ nonce: 'cvv-nonce', type: 'CreditCard' }] }), { status: 201 }));
    await expect(tokenizeCvvWithClientApi(token, ' 123 ', fetchImpl)).resolves.toBe('cvv-nonce');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8000/braintree-sandbox/merchants/m1/client_api/v1/payment_methods/credit_cards');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({ authorizationFingerprint: 'sig|merchant_id=m1&customer_id=r1', creditCard: { cvv: '123' } });
  });

  it("reports the client API's field error", async () => {
    const body = {
      error: { message: 'Credit card is invalid' },
      fieldErrors: [{ field: 'creditCard', fieldErrors: [{ field: 'cvv', code: '81707', message: 'CVV must be 4 digits for American Express and 3 digits for other card types.' }] }],
    };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 422 }));
    await expect(tokenizeCvvWithClientApi(token, '12', fetchImpl)).rejects.toMatchObject({
      status: 422,
      message: 'CVV must be 4 digits for American Express and 3 digits for other card types.',
    });
  });

  it('reports no connection as offline, and an answer without a nonce as invalid', async () => {
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(tokenizeCvvWithClientApi(token, '123', offline)).rejects.toMatchObject({ status: 0, message: 'You are probably offline.' });
    const empty = vi.fn(async () => new Response(JSON.stringify({ creditCards: [] }), { status: 201 }));
    await expect(tokenizeCvvWithClientApi(token, '123', empty)).rejects.toMatchObject({ message: 'The response is not a valid JSON response.' });
  });
});
