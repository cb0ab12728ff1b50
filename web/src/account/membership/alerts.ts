import type { PaymentMethod } from '../../api/billing';
import { cardMessage } from '../payflow/texts';

/**
 * The alert bar's messages: the server's payment message (past due or inactive), then the
 * card message for the card that pays for the membership (else the default card).
 */
export function alertMessages(paymentMessage: string | null | undefined, methods: readonly PaymentMethod[]): string[] {
  const messages: string[] = [];
  if (paymentMessage) messages.push(paymentMessage);
  const card =
    methods.find((method) => method.has_active_subscription && (method.expired || method.expiring_soon)) ??
    methods.find((method) => method.default && (method.expired || method.expiring_soon));
  if (card) {
    messages.push(cardMessage(card.card_type ?? 'card', card.last_4 ?? '', card.expired));
  }
  return messages;
}
