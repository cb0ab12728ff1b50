import { describe, expect, it } from 'vitest';
import { instantOf, localInputValue } from './data';
import { eventSchema } from './MemberEventEditScreen';

const valid = { title: 'Book club', startsAt: '2030-01-15T19:00', place: 'Online', link: 'https://example.com/e', description: '' };

describe('the event form', () => {
  it('accepts a whole event', () => {
    expect(eventSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ title: '  ' }, 'Give the event a title.'],
    [{ place: '' }, 'Say where the event takes place (a venue, or Online).'],
    [{ link: 'http://example.com/e' }, 'The link must be a secure web address starting with https://.'],
    [{ startsAt: '' }, 'Enter the date and time the event starts.'],
    [{ startsAt: 'soon' }, 'Enter a real date and time.'],
  ])('refuses %o with the sentence the server says', (change, sentence) => {
    const result = eventSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(sentence);
  });

  it('sends the editor’s local time as the instant it means, and shows it back the same', () => {
    const instant = instantOf('2030-01-15T19:00');
    expect(instant).toMatch(/^2030-01-1[56]T\d\d:00:00\.000Z$/);
    expect(localInputValue(instant!)).toBe('2030-01-15T19:00');
    expect(instantOf('not a date')).toBeNull();
  });
});
