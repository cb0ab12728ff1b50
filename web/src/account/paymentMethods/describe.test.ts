import { describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../api/billing';
import { paymentMethod } from '../../test/paymentMethods';
import { canVerifyCvv, cvvLength, expiryMark, expiryText, methodMarks, methodName, pageAlerts } from './describe';

/** Neither the default nor paying for a membership, unless `overrides` say so. */
function method(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return paymentMethod({ default: false, has_active_subscription: false, ...overrides });
}

const paypal = method({ token: 'p', type: 'PayPalAccount', card_type: null, last_4: null, expiration_month: null, expiration_year: null });

describe('methodName', () => {
  it.each([
    [method(), 'Visa ending in 1111'],
    [method({ type: 'ApplePay', card_type: 'Apple Pay - Visa', last_4: '1881' }), 'Apple Pay - Visa ending in 1881'],
    [method({ type: 'GooglePay', card_type: 'Discover', last_4: '1117' }), 'Google Pay - Discover ending in 1117'],
    [paypal, 'PayPal'],
    [{ ...paypal, email: 'jane.doe@example.com' }, 'PayPal (jane.doe@example.com)'],
    [method({ type: 'VenmoAccount', card_type: null, last_4: null }), 'Venmo'],
  ])('names %#', (given, name) => {
    expect(methodName(given)).toBe(name);
  });
});

describe('expiry', () => {
  it('says when a card expires, or expired; wallets without a date say nothing', () => {
    expect(expiryText(method({ expiration_month: 3 }))).toBe('Expires 03/2030');
    expect(expiryText(method({ expired: true, expiration_month: 10, expiration_year: 2026 }))).toBe('Expired 10/2026');
    expect(expiryText(paypal)).toBeNull();
  });

  it("takes expired and expiring from the server's flags, expired first", () => {
    expect(expiryMark(method())).toBeNull();
    expect(expiryMark(method({ expiring_soon: true }))).toBe('expiring');
    expect(expiryMark(method({ expired: true, expiring_soon: true }))).toBe('expired');
  });
});

describe('methodMarks', () => {
  it('lists default, in use and the expiry mark in that order', () => {
    expect(methodMarks(method({ default: true, has_active_subscription: true, expiring_soon: true }))).toEqual([
      ['Default', 'default'],
      ['Pays for your membership', 'info'],
      ['Expires soon', 'warning'],
    ]);
    expect(methodMarks(method({ expired: true }))).toEqual([['Expired', 'warning']]);
    expect(methodMarks(method())).toEqual([]);
  });
});

describe('CVV re-verification', () => {
  it('is offered for cards that have not expired', () => {
    expect(canVerifyCvv(method())).toBe(true);
    expect(canVerifyCvv(method({ expired: true }))).toBe(false);
    expect(canVerifyCvv(paypal)).toBe(false);
    expect(canVerifyCvv(method({ type: 'ApplePay', card_type: 'Apple Pay - Visa' }))).toBe(false);
  });

  it('asks American Express for four digits and other cards for three', () => {
    expect(cvvLength(method({ card_type: 'American Express' }))).toBe(4);
    expect(cvvLength(method())).toBe(3);
  });
});

describe('pageAlerts', () => {
  const expiring = 'Your credit card is about to expire. Please update your MasterCard ending in 4444.';
  const expired = 'Your credit card has expired. Please update your Visa ending in 1111.';

  it('shows nothing when every method is good and the membership is paid', () => {
    expect(pageAlerts(null, [method(), paypal])).toEqual([]);
  });

  it("warns about every expired or expiring method, in the spec's words", () => {
    const methods = [
      method({ default: true }),
      method({ token: 'm', card_type: 'MasterCard', last_4: '4444', expiring_soon: true }),
      method({ token: 'v', expired: true }),
    ];
    expect(pageAlerts(null, methods)).toEqual([expiring, expired]);
  });

  it("puts the server's payment message and the paying card first, each once", () => {
    const paying = method({ token: 'v', expired: true, has_active_subscription: true });
    const other = method({ token: 'm', card_type: 'MasterCard', last_4: '4444', expiring_soon: true, default: true });
    const past = 'Your membership billing is past due. Please update your payment method to continue.';
    expect(pageAlerts(past, [other, paying])).toEqual([past, expired, expiring]);
  });
});
