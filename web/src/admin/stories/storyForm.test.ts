import { describe, expect, it } from 'vitest';
import { EMPTY_STORY, fieldList, LABELS, localInput, scheduleMoment, statusSentence, storySchema, type StoryValues } from './storyForm';

const GOOD: StoryValues = {
  ...EMPTY_STORY,
  section: 'Sports',
  headline: 'Knicks sign a new point guard',
  standfirst: 'A two-year deal.',
  author: 'Jo Reporter',
  slug: 'knicks-sign-a-new-point-guard',
  teaser_html: '<p>Teaser.</p>',
  body_html: '<p>Members only.</p>',
};

function problems(values: Partial<StoryValues>): Record<string, string> {
  const result = storySchema.safeParse({ ...GOOD, ...values });
  if (result.success) return {};
  // The first problem of each field, as the form shows it.
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the story form', () => {
  it('takes a good story, and a free one without a members-only part', () => {
    expect(problems({})).toEqual({});
    expect(problems({ access: 'free', body_html: '' })).toEqual({});
  });

  it('trims the lines it sends', () => {
    const parsed = storySchema.parse({ ...GOOD, headline: '  Spaced  ', slug: ' a-b ' });
    expect(parsed.headline).toBe('Spaced');
    expect(parsed.slug).toBe('a-b');
  });

  it.each([
    [{ section: '' }, 'section', 'Choose a section.'],
    [{ headline: '   ' }, 'headline', 'Enter the headline.'],
    [{ headline: 'h'.repeat(201) }, 'headline', 'The headline is at most 200 characters.'],
    [{ standfirst: 's'.repeat(401) }, 'standfirst', 'The standfirst is at most 400 characters.'],
    [{ author: '' }, 'author', 'Enter the author.'],
    [{ slug: '' }, 'slug', 'Enter a slug: the last part of the story’s address.'],
    [{ slug: 'Knicks Win' }, 'slug', 'Use lowercase letters, digits and single hyphens between words, such as knicks-win-in-overtime.'],
    [{ slug: 'a--b' }, 'slug', 'Use lowercase letters, digits and single hyphens between words, such as knicks-win-in-overtime.'],
    [{ slug: 'a'.repeat(121) }, 'slug', 'A slug is at most 120 characters.'],
    [{ teaser_html: ' ' }, 'teaser_html', 'Enter the teaser: every visitor reads it.'],
    [{ body_html: '  ' }, 'body_html', 'A members-only story needs its members-only part.'],
    [{ teaser_html: 'x'.repeat(200_001) }, 'teaser_html', 'The teaser is at most 200,000 characters.'],
  ])('refuses %j on %s', (values, field, message) => {
    expect(problems(values as Partial<StoryValues>)[field]).toBe(message);
  });

  it('refuses a brand or access the server does not know', () => {
    expect(problems({ brand: 'sports' as StoryValues['brand'] }).brand).toBe('Choose a brand.');
    expect(problems({ access: 'vip' as StoryValues['access'] }).access).toBe('Choose who can read it.');
  });
});

describe('the schedule field', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('turns a local time to come into the moment the server takes', () => {
    const local = localInput('2026-11-23T09:30:00Z');
    expect(local).toMatch(/^2026-11-2\dT\d\d:30$/);
    expect(scheduleMoment(local, now)).toEqual({ iso: '2026-11-23T09:30:00.000Z' });
  });

  it('says what is wrong with an empty, past or broken time', () => {
    expect(scheduleMoment('', now)).toEqual({ error: 'Enter the date and time it goes on the site.' });
    expect(scheduleMoment('2026-13-40T99:00', now)).toEqual({ error: 'Enter the date and time it goes on the site.' });
    expect(scheduleMoment(localInput('2026-11-22T11:59:00Z'), now)).toEqual({ error: 'Choose a time in the future, or publish it now.' });
  });

  it('leaves the field empty without a time', () => {
    expect(localInput(null)).toBe('');
    expect(localInput('not a time')).toBe('');
  });
});

describe('the status sentences', () => {
  it('say what each status means for readers', () => {
    expect(statusSentence('draft', null)).toBe('A draft: readers cannot see it.');
    expect(statusSentence('scheduled', 'on Nov 29, 2026')).toBe('Scheduled: it goes on the site on Nov 29, 2026 by itself.');
    expect(statusSentence('published', 'since Nov 22, 2026')).toBe('Published since Nov 22, 2026: on the site now.');
    expect(statusSentence('unpublished', null)).toContain('taken off the site');
  });
});

describe('the sentence above the form', () => {
  it('names the invalid fields as people read them', () => {
    expect(fieldList([LABELS.headline])).toBe('the headline');
    expect(fieldList([LABELS.headline, LABELS.slug])).toBe('the headline and the slug');
    expect(fieldList([LABELS.section, LABELS.headline, LABELS.body_html])).toBe('the section, the headline and the members-only part');
  });
});
