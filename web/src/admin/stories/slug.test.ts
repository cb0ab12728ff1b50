import { describe, expect, it } from 'vitest';
import cases from './slug.cases.json';
import { SLUG, SLUG_MAX, suggestSlug } from './slug';

describe('suggestSlug', () => {
  // The same table as the server's suggest_slug (server/tests/articles/test_rules.py).
  it.each(cases as [string, string][])('%j suggests %j', (headline, slug) => {
    expect(suggestSlug(headline)).toBe(slug);
  });

  it('suggests only slugs the server takes, never longer than it takes', () => {
    for (const [headline] of cases as [string, string][]) {
      const slug = suggestSlug(headline);
      if (slug) expect(slug).toMatch(SLUG);
    }
    expect(suggestSlug('word '.repeat(100))).toHaveLength(SLUG_MAX - 1); // no hyphen left at the end
    expect(suggestSlug('word '.repeat(100))).toMatch(SLUG);
  });
});
