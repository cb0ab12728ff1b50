import { describe, expect, it } from 'vitest';
import { byBrand, editPath } from './pagePaths';

describe('the static pages list', () => {
  it('groups pages by brand in the order the server gives', () => {
    const page = (brand: string, slug: string) => ({ brand, brandName: brand.toUpperCase(), slug });
    const groups = byBrand([page('main', 'terms'), page('gossip', 'terms'), page('main', 'privacy')]);
    expect(groups.map((group) => [group.brandName, group.items.map((item) => item.slug)])).toEqual([
      ['MAIN', ['terms', 'privacy']],
      ['GOSSIP', ['terms']],
    ]);
  });

  it('links each page to its editor', () => {
    expect(editPath({ brand: 'gossip', slug: 'membership-terms' })).toBe('/admin/pages/gossip/membership-terms');
  });
});
