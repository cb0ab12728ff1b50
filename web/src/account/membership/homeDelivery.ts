import type { MembershipResponse } from '../../api/billing';
import { formatDate } from '../../ui/dates';
import { formatPrice } from '../payflow/texts';

/** What the membership page says of a membership that comes free with print home delivery. */
export const HOME_DELIVERY_INCLUDED = 'Included with your home delivery subscription';

/** "Your price changes to $X on <date>." for a scheduled step-up, else null. */
export function priceChangeText(membership: Pick<MembershipResponse, 'priceChange'>): string | null {
  const change = membership.priceChange;
  const day = formatDate(change?.date);
  if (!change || !day) return null;
  return `Your price changes to ${formatPrice(change.amount)} on ${day}.`;
}
