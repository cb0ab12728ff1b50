/**
 * Which day each membership text names, read the way the server means its dates (spec
 * section 3): paid_through_date is the last day paid for, next_billing_date the day of the
 * next charge, so the first is always the day before the second. Texts about access say the
 * last paid day ("Active until", "You keep your benefits until"); texts about money say the
 * charge day ("Next billing date", "resumes on ... when you are charged").
 */
import type { MembershipResponse, Subscription } from '../../api/billing';
import { addDays, addMonths, toDay, type Day } from '../../ui/dates';

type Dated = Pick<Subscription, 'paid_through_date' | 'next_billing_date'> | null | undefined;

/** The last day a subscription is paid for (or free in its trial). */
export function lastPaidDay(subscription: Dated): Day | null {
  if (!subscription) return null;
  return toDay(subscription.paid_through_date) ?? addDays(subscription.next_billing_date, -1);
}

/** The day of the next charge. */
export function nextChargeDay(subscription: Dated): Day | null {
  if (!subscription) return null;
  return toDay(subscription.next_billing_date) ?? addDays(subscription.paid_through_date, 1);
}

/**
 * The last day of access of a cancelled membership: the server's accessUntil (across a plan
 * change or a restart, the subscription shown may not be the one paid for), else the shown
 * subscription's last paid day.
 */
export function accessUntilDay(membership: Pick<MembershipResponse, 'accessUntil' | 'activeSubscription'>): Day | null {
  return toDay(membership.accessUntil) ?? lastPaidDay(membership.activeSubscription);
}

/** The last free day of a running trial (also after a restart replaced its subscription). */
export function freeTrialUntilDay(membership: Pick<MembershipResponse, 'freeTrialUntil' | 'activeSubscription'>): Day | null {
  const fromServer = toDay(membership.freeTrialUntil);
  if (fromServer) return fromServer;
  const subscription = membership.activeSubscription;
  return subscription?.trial ? addDays(subscription.next_billing_date, -1) : null;
}

/** A pause starts on the first day not paid for and lasts whole billing months. */
export function pauseDays(subscription: Dated, months: number): { starts: Day; resumes: Day } | null {
  const starts = nextChargeDay(subscription);
  const resumes = addMonths(starts, months);
  return starts && resumes ? { starts, resumes } : null;
}
