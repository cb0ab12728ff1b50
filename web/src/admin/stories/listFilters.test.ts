import { describe, expect, it } from 'vitest';
import { filtersOf, pageCount, paramsOf, rangeText, sectionChoices } from './listFilters';

describe('the story list filters', () => {
  it('keep only what the server knows, from the address and back', () => {
    const filters = filtersOf(new URLSearchParams('brand=gossip&section=TV&status=scheduled&page=3'));
    expect(filters).toEqual({ brand: 'gossip', section: 'TV', status: 'scheduled', page: 3 });
    expect(paramsOf(filters)).toEqual({ brand: 'gossip', section: 'TV', status: 'scheduled', page: '3' });
    expect(filtersOf(new URLSearchParams('brand=sports&status=live&page=-2'))).toEqual({ brand: '', section: '', status: '', page: 1 });
    expect(filtersOf(new URLSearchParams('page=abc')).page).toBe(1);
    expect(paramsOf(filtersOf(new URLSearchParams('')))).toEqual({});
  });

  it('count pages and say which stories are shown', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(rangeText(2, 20, 57)).toBe('Stories 21–40 of 57');
    expect(rangeText(3, 17, 57)).toBe('Stories 41–57 of 57');
    expect(rangeText(1, 0, 0)).toBe('No stories');
  });

  it('offer the chosen brand’s sections, or every brand’s once', () => {
    const desks = [
      { key: 'main' as const, name: 'The Masthead', sections: ['News', 'Sports'] },
      { key: 'gossip' as const, name: 'The Scoop', sections: ['TV', 'News'] },
    ];
    expect(sectionChoices(desks, 'gossip')).toEqual(['TV', 'News']);
    expect(sectionChoices(desks, '')).toEqual(['News', 'Sports', 'TV']);
  });
});
