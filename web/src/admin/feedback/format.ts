/** How the feedback list writes what the server answers, pure. */
import { TOPICS } from '../../account/feedback/feedbackApi';
import type { FeedbackBrand, FeedbackFilters, FeedbackItem, FeedbackTopic } from './data';

export const QUERY_LIMIT = 320;
/** How much of a message the list shows before "Show all". */
export const EXCERPT_LINES = 3;
export const EXCERPT_CHARACTERS = 280;

export const BRANDS: readonly { value: FeedbackBrand; label: string }[] = [
  { value: 'main', label: 'The Masthead' },
  { value: 'gossip', label: 'The Scoop' },
  { value: 'lifestyle', label: 'The Good Life' },
];

export { TOPICS };

export function topicLabel(topic: string): string {
  return TOPICS.find((t) => t.value === topic)?.label ?? topic;
}

export function brandLabel(brand: string): string {
  return BRANDS.find((b) => b.value === brand)?.label ?? brand;
}

/** The filters live in the address, so Back, a reload and a shared link keep them. */
export function filtersOf(params: URLSearchParams): FeedbackFilters {
  const topic = params.get('topic') ?? '';
  const brand = params.get('brand') ?? '';
  return {
    topic: TOPICS.some((t) => t.value === topic) ? (topic as FeedbackTopic) : '',
    brand: BRANDS.some((b) => b.value === brand) ? (brand as FeedbackBrand) : '',
    q: (params.get('q') ?? '').trim().slice(0, QUERY_LIMIT),
  };
}

export function paramsOf(filters: FeedbackFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
}

/** The message's first lines, or null when the whole fits. */
export function excerpt(message: string): string | null {
  const lines = message.split('\n');
  let shown = lines.slice(0, EXCERPT_LINES).join('\n');
  if (shown.length > EXCERPT_CHARACTERS) shown = shown.slice(0, EXCERPT_CHARACTERS).replace(/\s+\S*$/, '');
  return shown.length < message.length ? `${shown.trimEnd()}…` : null;
}

/** What the list calls the writer: the account's name today, else the address they wrote from. */
export function writerName(item: FeedbackItem): string {
  return item.reader_name ?? item.email;
}

export function replyLink(item: FeedbackItem): string {
  return `mailto:${item.email}?subject=${encodeURIComponent(`Your feedback: ${topicLabel(item.topic)}`)}`;
}
