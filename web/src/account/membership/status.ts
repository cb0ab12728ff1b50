import type { AccountStatus } from '../../api/billing';

const LABELS: Record<AccountStatus, string> = {
  None: 'No membership',
  Active: 'Active',
  Active_Pending: 'Active',
  Cancelled_Active: 'Active, cancelled',
  Canceled: 'Cancelled',
  'Past Due': 'Past due',
  Paused: 'Paused',
  Active_Paused: 'Active, pause scheduled',
  Pending: 'Pending',
};

/**
 * The status as the reader reads it. A cancelled membership that still runs is active: it
 * says until when ("Active until May 21, 2027"), `accessUntil` being that formatted day.
 */
export function statusLabel(status: AccountStatus, accessUntil: string | null = null): string {
  if (status === 'Cancelled_Active') return accessUntil ? `Active until ${accessUntil}` : 'Active until the end of the paid period';
  return LABELS[status] ?? status;
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
