/**
 * The story list's filters and page, pure: they live in the address (Back, a reload and a
 * shared link keep them), and only values the server knows are sent.
 */
import { isStatus, type Status } from './storyForm';

export type BrandKey = 'main' | 'gossip' | 'lifestyle';
const BRAND_KEYS: readonly string[] = ['main', 'gossip', 'lifestyle'];

export interface StoryFilters {
  brand: BrandKey | '';
  section: string;
  status: Status | '';
  page: number;
}

export const PER_PAGE = 20;

export function filtersOf(params: URLSearchParams): StoryFilters {
  const brand = params.get('brand') ?? '';
  const status = params.get('status') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    brand: BRAND_KEYS.includes(brand) ? (brand as BrandKey) : '',
    section: (params.get('section') ?? '').slice(0, 60),
    status: isStatus(status) ? status : '',
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The address's query for these filters: empty ones and the first page left out. */
export function paramsOf(filters: StoryFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.brand) params['brand'] = filters.brand;
  if (filters.section) params['section'] = filters.section;
  if (filters.status) params['status'] = filters.status;
  if (filters.page > 1) params['page'] = String(filters.page);
  return params;
}

/** How many pages `total` stories fill (at least one, so "page 1 of 1" reads right). */
export function pageCount(total: number, perPage: number = PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** "Stories 21–40 of 57"; "No stories" when there are none. */
export function rangeText(page: number, shown: number, total: number, perPage: number = PER_PAGE): string {
  if (total === 0 || shown === 0) return 'No stories';
  const first = (page - 1) * perPage + 1;
  return `Stories ${first}–${first + shown - 1} of ${total}`;
}

/** The sections one may filter by: the chosen brand's, else every brand's (each once). */
export function sectionChoices(desks: readonly { key: string; sections: readonly string[] }[], brand: string): string[] {
  const chosen = desks.filter((desk) => !brand || desk.key === brand);
  return [...new Set(chosen.flatMap((desk) => desk.sections))];
}
