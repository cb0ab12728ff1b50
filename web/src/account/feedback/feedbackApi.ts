/**
 * The feedback call on the site API (Masthead's own; the spec names none). Failures are
 * ApiErrors with the server's sentence.
 */
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type FeedbackIn = components['schemas']['FeedbackIn'];
export type FeedbackTopic = FeedbackIn['topic'];

/** The topics a reader picks from; the server keeps the same four (feedback/schemas.py). */
export const TOPICS: readonly { value: FeedbackTopic; label: string }[] = [
  { value: 'membership', label: 'Membership and billing' },
  { value: 'newsletters', label: 'Newsletters' },
  { value: 'website', label: 'The website or app' },
  { value: 'other', label: 'Something else' },
];

export const MESSAGE_MAX = 4000;

export function sendFeedback(body: FeedbackIn): Promise<{ message: string }> {
  return call(() => api.POST('/wp-json/nyp-membership/v1/feedback', { body }));
}
