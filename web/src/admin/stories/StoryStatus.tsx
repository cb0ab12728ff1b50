import { formatMoment } from '../format';
import { isStatus, STATUS_TEXTS } from './storyForm';

/** A story's status as a small label: its word, never its colour alone. */
export function StoryStatus({ status }: { status: string }) {
  const known = isStatus(status);
  return <span className={`story-status story-status--${known ? status : 'draft'}`}>{known ? STATUS_TEXTS[status] : status}</span>;
}

/** When it goes or went on the site, as people read it; null without a date. */
export function whenText(status: string, publishedAt: string | null | undefined): string | null {
  if (!publishedAt) return null;
  const moment = formatMoment(publishedAt);
  if (status === 'scheduled') return `on ${moment}`;
  if (status === 'published') return `since ${moment}`;
  return null;
}
