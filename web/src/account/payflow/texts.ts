/**
 * The payflow's and payment pages' wording (spec sections 8 and 9). The sentences the spec
 * owns ('All charges are non-refundable.', 'Best Value!', the card messages...) are the
 * server's, generated into api/specTexts.ts; plan names, calls to action ('Try for free',
 * 'Get 1 Year for $X'...), card headings, prices and account-status messages come from the
 * server (billing/catalog/cta.py) with each plan and membership. Only the wording around them
 * is here.
 */
import type { RawPlan } from '../../api/billing';
import { CARD_EXPIRED_MESSAGE, CARD_EXPIRING_MESSAGE } from '../../api/specTexts';

/** "$4.99" from the server's amount text ("4.99", "1,299.99"). */
export function formatPrice(amount: string): string {
  return `$${amount}`;
}

/** Amounts as numbers, after removing commas (spec section 3); NaN for anything else. */
export function amountNumber(amount: string): number {
  const cleaned = amount.replace(/,/g, '').trim();
  return /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * How often a plan charges: its billing interval is in calendar months (the gateway bills the
 * monthly plan on the same day each month, not every 4 weeks).
 */
export function chargeInterval(frequency: number): string {
  if (frequency === 1) return 'every month';
  if (frequency === 12) return 'every year';
  return `every ${frequency} months`;
}

export function hasTrial(plan: RawPlan): boolean {
  return plan.trial_duration > 0;
}

export function trialLength(plan: RawPlan): string {
  const unit = plan.trial_duration_unit === 'month' ? 'month' : 'day';
  return `${plan.trial_duration}-${unit}`;
}

/** "7-day free trial, then $4.99 every month." or "$39.99 every year." */
export function priceWording(plan: RawPlan, hadTrial = false): string {
  const price = `${formatPrice(plan.amount)} ${chargeInterval(plan.frequency)}`;
  if (hasTrial(plan) && !hadTrial) return `${trialLength(plan)} free trial, then ${price}.`;
  return `${price}.`;
}

export function cardMessage(type: string, digits: string, expired: boolean): string {
  return (expired ? CARD_EXPIRED_MESSAGE : CARD_EXPIRING_MESSAGE).replace('{type}', type).replace('{digits}', digits);
}

/** The account area's one date formatter (ui/dates.ts), under the name the payflow uses. */
export { formatDate as formatServerDate } from '../../ui/dates';
