/**
 * The members' read of upcoming events (GET /wp-json/nyp-membership/v1/member-events): the
 * events step shows them, and the step is in the subscriber set only when there are some.
 */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type MemberEvent = components['schemas']['MemberEventOut'];
export const MEMBER_EVENTS_PATH = '/wp-json/nyp-membership/v1/member-events';

export async function fetchMemberEvents(): Promise<MemberEvent[]> {
  const answer = await call(() => api.GET(MEMBER_EVENTS_PATH));
  return answer.events;
}

export const memberEventsKey = (reader: string | null) => ['member-events', reader] as const;

/** "Tuesday, December 8, 7:00 PM" in the reader's own time zone. */
export function eventWhen(startsAt: string, locale?: string): string {
  return new Date(startsAt).toLocaleString(locale ?? 'en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
