/**
 * How the payment-method page names and marks a method, and which alerts it shows. Pure
 * functions; whether a card is expired or expiring soon is the server's call (its flags).
 */
import type { PaymentMethod } from '../../api/billing';
import { alertMessages } from '../membership/alerts';
import { cardMessage } from '../payflow/texts';

const TYPE_NAMES: Record<PaymentMethod['type'], string> = {
  CreditCard: 'Card',
  PayPalAccount: 'PayPal',
  GooglePay: 'Google Pay',
  ApplePay: 'Apple Pay',
  VenmoAccount: 'Venmo',
};

/** "Visa ending in 1111", "Google Pay - Visa ending in 1111", "PayPal (jane.doe@example.com)". */
export function methodName(method: PaymentMethod): string {
  const kind = TYPE_NAMES[method.type] ?? 'Payment method';
  if (method.type === 'PayPalAccount' && method.email) return `${kind} (${method.email})`;
  let brand = method.card_type ?? kind;
  if (method.type === 'GooglePay' && method.card_type) brand = `Google Pay - ${method.card_type}`;
  return method.last_4 ? `${brand} ending in ${method.last_4}` : brand;
}

/** The {type} of the spec's card alerts: the card type, else the kind of method. */
export function alertType(method: PaymentMethod): string {
  return method.card_type ?? TYPE_NAMES[method.type] ?? 'card';
}

export type ExpiryMark = 'expired' | 'expiring' | null;

export function expiryMark(method: PaymentMethod): ExpiryMark {
  if (method.expired) return 'expired';
  if (method.expiring_soon) return 'expiring';
  return null;
}

/** The marks shown beside a method, with their look: default, in use, expired, expiring. */
export function methodMarks(method: PaymentMethod): [text: string, kind: 'default' | 'info' | 'warning'][] {
  const marks: [string, 'default' | 'info' | 'warning'][] = [];
  if (method.default) marks.push(['Default', 'default']);
  if (method.has_active_subscription) marks.push(['Pays for your membership', 'info']);
  const mark = expiryMark(method);
  if (mark === 'expired') marks.push(['Expired', 'warning']);
  if (mark === 'expiring') marks.push(['Expires soon', 'warning']);
  return marks;
}

/** "Expires 12/2030", "Expired 10/2026"; null for methods without an expiry (PayPal). */
export function expiryText(method: PaymentMethod): string | null {
  const { expiration_month: month, expiration_year: year } = method;
  if (!month || !year) return null;
  const date = `${String(month).padStart(2, '0')}/${year}`;
  return method.expired ? `Expired ${date}` : `Expires ${date}`;
}

/** A vaulted card can be re-verified by its CVV; wallets and expired cards cannot. */
export function canVerifyCvv(method: PaymentMethod): boolean {
  return method.type === 'CreditCard' && !method.expired;
}

/** American Express has a 4-digit CVV, every other card 3. */
export function cvvLength(method: PaymentMethod): 3 | 4 {
  return method.card_type === 'American Express' ? 4 : 3;
}

/**
 * The page's alert bar: what the membership page shows (the server's payment message, then
 * the paying or default card's warning), then the spec's warning for every other expired or
 * expiring method, since this is the page where the reader replaces them.
 */
export function pageAlerts(paymentMessage: string | null | undefined, methods: readonly PaymentMethod[]): string[] {
  const messages = alertMessages(paymentMessage, methods);
  for (const method of methods) {
    const mark = expiryMark(method);
    if (!mark) continue;
    const message = cardMessage(alertType(method), method.last_4 ?? '', mark === 'expired');
    if (!messages.includes(message)) messages.push(message);
  }
  return messages;
}
