import { describe, expect, it, vi } from 'vitest';
import { decodeClientToken, tokenizeErrorMessage, tokenizeWithClientApi } from './billing';

const clientApiUrl = 'http://127.0.0.1:8000/braintree-sandbox/merchants/m1/client_api';
const token = btoa(JSON.stringify({ version: 2, authorizationFingerprint: 'sig|merchant_id=m1&customer_id=', clientApiUrl }));
const card = { cardholderName: ' Ada ', number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', postalCode: '10001' };

describe('client token', () => {
  it('reads the fingerprint and the client API address', () => {
    expect(decodeClientToken(token)).toEqual({ authorizationFingerprint: 'sig|merchant_id=m1&customer_id=', clientApiUrl });
  });

  it('refuses anything else', () => {
    expect(() => decodeClientToken('not base64!')).toThrow('The payment client token is not valid.');
    expect(() => decodeClientToken(btoa('{"clientApiUrl": "x"}'))).toThrow('The payment client token is not valid.');
  });
});

describe('tokenizeWithClientApi', () => {
  it("posts the card in Braintree's client API shape and returns the nonce", async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ creditCards: [{ nonce: 'nonce-1', type: 'CreditCard' }] }), { status: 201 }));
    await expect(tokenizeWithClientApi(token, card, fetchImpl)).resolves.toEqual({ nonce: 'nonce-1', type: 'CreditCard' });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${clientApiUrl}/v1/payment_methods/credit_cards`);
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(String(init.body))).toEqual({
      authorizationFingerprint: 'sig|merchant_id=m1&customer_id=',
      creditCard: { number: '4111111111111111', expirationDate: '12/30', cvv: '123', cardholderName: 'Ada', billingAddress: { postalCode: '10001' } },
    });
  });

  it("turns a 422 into an error carrying the field error's message", async () => {
    const body = {
      error: { message: 'Credit card is invalid' },
      fieldErrors: [{ field: 'creditCard', fieldErrors: [{ field: 'number', code: '81717', message: 'Credit card number is not an accepted test number.' }] }],
    };
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(body), { status: 422 }));
    await expect(tokenizeWithClientApi(token, card, fetchImpl)).rejects.toMatchObject({
      status: 422,
      message: 'Credit card number is not an accepted test number.',
    });
    expect(tokenizeErrorMessage({ error: { message: 'Authorization fingerprint is invalid' }, fieldErrors: [] })).toBe('Authorization fingerprint is invalid');
  });

  it('reports no connection as offline', async () => {
    const fetchImpl = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(tokenizeWithClientApi(token, card, fetchImpl)).rejects.toMatchObject({ status: 0, message: 'You are probably offline.' });
  });
});
