/** Texts of pausing, resuming and changing plan (spec sections 8 and 9). */
import { formatPrice } from '../payflow/texts';

export const PAUSE_ERROR = 'There was an error pausing your subscription';
export const PAUSE_SUCCESS = 'Subscription successfully paused';
export const RESUME_ERROR = 'There was an error resuming your subscription';
export const RESUME_SUCCESS = 'Membership successfully resumed.';

export function monthsWording(months: number): string {
  return months === 1 ? '1 month' : `${months} months`;
}

/** Spec: the pause text states the length in months and resumption at the monthly price. */
export function pauseText(months: number, monthlyPrice: string): string {
  return `Your membership will be paused for ${monthsWording(months)}. It then resumes at ${formatPrice(monthlyPrice)} per month.`;
}
