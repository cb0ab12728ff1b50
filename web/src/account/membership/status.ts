import type { AccountStatus, Subscription } from '../../api/billing';
import { formatServerDate } from '../payflow/texts';

const LABELS: Record<AccountStatus, string> = {
  None: 'No membership',
  Active: 'Active',
  Active_Pending: 'Active',
  Cancelled_Active: 'Cancelled',
  Canceled: 'Cancelled',
  'Past Due': 'Past due',
  Paused: 'Paused',
  Active_Paused: 'Active, pause scheduled',
  Pending: 'Pending',
};

export function statusLabel(status: AccountStatus): string {
  return LABELS[status] ?? status;
}

/** The last day a cancelled membership still gives access. */
export function accessUntil(subscription: Subscription | null): string | null {
  if (!subscription) return null;
  return formatServerDate(subscription.paid_through_date) ?? formatServerDate(subscription.next_billing_date);
}

/** Statuses that can be cancelled from this page. */
export function canCancel(status: AccountStatus): boolean {
  return status === 'Active' || status === 'Active_Pending' || status === 'Past Due' || status === 'Pending' || status === 'Active_Paused' || status === 'Paused';
}

/** A running membership can be paused while the pause feature is on. */
export function canPause(status: AccountStatus, pauseEnabled: boolean): boolean {
  return pauseEnabled && status === 'Active';
}

export function isPaused(status: AccountStatus): boolean {
  return status === 'Paused' || status === 'Active_Paused';
}

/** A plan change needs a running (or already changing) membership. */
export function canChangePlan(status: AccountStatus): boolean {
  return status === 'Active' || status === 'Active_Pending';
}
