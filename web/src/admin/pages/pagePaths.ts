/** The static pages' console addresses and their grouping by brand (pure). */

export interface Listed {
  brand: string;
  brandName: string;
  slug: string;
}

export function editPath({ brand, slug }: { brand: string; slug: string }): string {
  return `/admin/pages/${encodeURIComponent(brand)}/${encodeURIComponent(slug)}`;
}

/** The pages grouped by brand, in the server's order of brands and of pages. */
export function byBrand<Page extends Listed>(pages: readonly Page[]): { brand: string; brandName: string; items: Page[] }[] {
  const groups: { brand: string; brandName: string; items: Page[] }[] = [];
  for (const page of pages) {
    const group = groups.find((item) => item.brand === page.brand);
    if (group) group.items.push(page);
    else groups.push({ brand: page.brand, brandName: page.brandName, items: [page] });
  }
  return groups;
}
