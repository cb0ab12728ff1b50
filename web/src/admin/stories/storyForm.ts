/**
 * The story editor's rules, pure: the form's schema (the server's limits and the checks it
 * makes that a form can make first), the statuses as people read them, and the schedule
 * field's local time to and from the server's ISO moments. The server checks everything
 * again (brand, section, the HTML rules) and its sentence is shown as it comes.
 */
import { z } from 'zod';
import { SLUG, SLUG_MAX } from './slug';

export const HEADLINE_MAX = 200;
export const STANDFIRST_MAX = 400;
export const AUTHOR_MAX = 120;
export const HTML_MAX = 200_000;

export const FIELDS = ['brand', 'section', 'headline', 'standfirst', 'author', 'slug', 'access', 'teaser_html', 'body_html'] as const;
export type Field = (typeof FIELDS)[number];

export const LABELS: Record<Field, string> = {
  brand: 'Brand',
  section: 'Section',
  headline: 'Headline',
  standfirst: 'Standfirst',
  author: 'Author',
  slug: 'Slug',
  access: 'Who can read it',
  teaser_html: 'Teaser (HTML)',
  body_html: 'Members-only part (HTML)',
};

const line = (label: string, most: number) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(most, `The ${label} is at most ${most} characters.`);

/** The invalid fields in the sentence above the form: "the headline", "the headline and the slug", "the section, the headline and the slug". */
export function fieldList(labels: readonly string[]): string {
  const named = labels.map((label) => `the ${label.replace(' (HTML)', '').toLowerCase()}`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}` : (named[0] ?? 'the fields');
}

export const storySchema = z
  .object({
    brand: z.enum(['main', 'gossip', 'lifestyle'], { error: 'Choose a brand.' }),
    section: z.string().min(1, 'Choose a section.'),
    headline: line('headline', HEADLINE_MAX),
    standfirst: line('standfirst', STANDFIRST_MAX),
    author: line('author', AUTHOR_MAX),
    slug: z
      .string()
      .trim()
      .min(1, 'Enter a slug: the last part of the story’s address.')
      .max(SLUG_MAX, `A slug is at most ${SLUG_MAX} characters.`)
      .regex(SLUG, 'Use lowercase letters, digits and single hyphens between words, such as knicks-win-in-overtime.'),
    access: z.enum(['free', 'members'], { error: 'Choose who can read it.' }),
    teaser_html: z.string().max(HTML_MAX, `The teaser is at most ${HTML_MAX.toLocaleString('en-US')} characters.`).refine((value) => value.trim() !== '', 'Enter the teaser: every visitor reads it.'),
    body_html: z.string().max(HTML_MAX, `The members-only part is at most ${HTML_MAX.toLocaleString('en-US')} characters.`),
  })
  .superRefine((story, context) => {
    if (story.access === 'members' && story.body_html.trim() === '') {
      context.addIssue({ code: 'custom', path: ['body_html'], message: 'A members-only story needs its members-only part.' });
    }
  });

export type StoryValues = z.infer<typeof storySchema>;

export const EMPTY_STORY: StoryValues = {
  brand: 'main',
  section: '',
  headline: '',
  standfirst: '',
  author: '',
  slug: '',
  access: 'members',
  teaser_html: '',
  body_html: '',
};

export const STATUSES = ['draft', 'scheduled', 'published', 'unpublished'] as const;
export type Status = (typeof STATUSES)[number];

export const STATUS_TEXTS: Record<Status, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Unpublished',
};

export function isStatus(value: string): value is Status {
  return (STATUSES as readonly string[]).includes(value);
}

/** What a status means for readers, in a sentence. */
export function statusSentence(status: Status, when: string | null): string {
  switch (status) {
    case 'draft':
      return 'A draft: readers cannot see it.';
    case 'scheduled':
      return `Scheduled: it goes on the site ${when ?? 'at its time'} by itself.`;
    case 'published':
      return `Published${when ? ` ${when}` : ''}: on the site now.`;
    case 'unpublished':
      return 'Unpublished: taken off the site. Its address answers “not found” until it is published again.';
  }
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as a datetime-local field's value, in this browser's time zone. */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local field's value (this browser's time zone) as the ISO moment the server
 * takes, or the sentence saying what is wrong with it.
 */
export function scheduleMoment(value: string, now: Date = new Date()): { iso: string } | { error: string } {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return { error: 'Enter the date and time it goes on the site.' };
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return { error: 'Enter the date and time it goes on the site.' };
  if (date.getTime() <= now.getTime()) return { error: 'Choose a time in the future, or publish it now.' };
  return { iso: date.toISOString() };
}

/** The story's address on its brand's site, shown to the editor (null before it has a date). */
export function addressText(path: string | null | undefined, brandName: string): string | null {
  return path ? `${brandName}: ${path}` : null;
}
