import type { PaymentMethod } from '../api/billing';

/** A method as the payment-methods endpoint sends it: the default Visa ending in 1111, expiring
 * 12/2030, that pays for a membership; then `overrides`. */
export function paymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    token: 't-1',
    type: 'CreditCard',
    card_type: 'Visa',
    last_4: '1111',
    expiration_month: 12,
    expiration_year: 2030,
    default: true,
    has_active_subscription: true,
    expired: false,
    expiring_soon: false,
    image: '/braintree-sandbox/payment_method_logo/visa.svg',
    ...overrides,
  };
}
