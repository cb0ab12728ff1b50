/** Texts of pausing, resuming and changing plan (spec sections 8 and 9). */
import { formatDate, type Day } from '../../ui/dates';
import { chargeInterval, formatPrice } from '../payflow/texts';

export function monthsWording(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** "$24.99 every 6 months". */
export function chargeWording(amount: string, frequency: number): string {
  return `${formatPrice(amount)} ${chargeInterval(frequency)}`;
}

/** Spec section 9: the monthly price is the amount divided by the interval. */
function monthlyPrice(amount: string, frequency: number): string {
  return formatPrice((Number(amount.replace(/,/g, '')) / frequency).toFixed(2));
}

export interface PauseCharge {
  /** The first day the membership runs again: the day it is charged. */
  resumes: Day;
  /** What that day's charge is ("24.99"). */
  amount: string;
  /** The plan's billing interval in months. */
  frequency: number;
}

/**
 * Spec: the pause text states the length in months and resumption at the monthly price. It
 * also says what is charged and when, as a six-month plan is not charged its monthly price.
 */
export function pauseText(months: number, charge: PauseCharge): string {
  const day = formatDate(charge.resumes);
  const monthly = charge.frequency > 1 ? ` (${monthlyPrice(charge.amount, charge.frequency)} a month)` : '';
  return (
    `Your membership will be paused for ${monthsWording(months)}. ` +
    `It resumes on ${day}: you are charged ${formatPrice(charge.amount)} that day and then ${chargeInterval(charge.frequency)}${monthly}.`
  );
}
