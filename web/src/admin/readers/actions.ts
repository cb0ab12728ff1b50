/**
 * What a reader's page lets support do, pure: which actions apply to the reader as the
 * server describes them (the server refuses the others anyway, with its own sentence), and
 * the sentences the confirmations say.
 */
import type { ReaderPage } from './data';
import { count, day } from './format';

export type Section = 'membership' | 'payments' | 'account' | 'home-delivery';

/** A result said in the section where the action was taken. */
export interface Notice {
  section: Section;
  text: string;
  tone: 'done' | 'failed';
}

export interface Applicable {
  cancel: boolean;
  pause: boolean;
  resendVerification: boolean;
  revokeSessions: boolean;
  grantHomeDelivery: boolean;
  revokeHomeDelivery: boolean;
}

const PAUSED = ['Paused', 'Active_Paused'];

export function applicable(page: ReaderPage): Applicable {
  const running = page.live_subscription_id !== null;
  return {
    cancel: running,
    pause: running && page.status.pause_enabled && !PAUSED.includes(page.status.status),
    resendVerification: !page.reader.email_verified,
    revokeSessions: page.live_sessions > 0,
    grantHomeDelivery: !page.home_delivery.active,
    revokeHomeDelivery: page.home_delivery.active,
  };
}

/** The running subscription the membership actions act on, as the page lists it. */
export function runningSubscription(page: ReaderPage) {
  return page.subscriptions.find((s) => s.id === page.live_subscription_id) ?? null;
}

export function cancelText(page: ReaderPage): string {
  const running = runningSubscription(page);
  const plan = running ? `${running.plan_name} membership` : 'membership';
  const paid = running?.paid_through_date;
  const until = paid ? ` They keep access until ${day(paid)}, the last day paid for.` : '';
  return `The reader's ${plan} ends: they are not charged again, and they are mailed a confirmation.${until}`;
}

export function revokeSessionsText(page: ReaderPage): string {
  return `The reader is signed out on every device (${count(page.live_sessions, 'live session')}). They can sign in again with their password.`;
}

export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

export function monthsText(months: number): string {
  return count(months, 'month');
}
