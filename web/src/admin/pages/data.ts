/**
 * The static pages' console calls (/admin/api/static-pages, editors) and their TanStack Query
 * hooks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export interface PageKey {
  brand: string;
  slug: string;
}

export interface PageText {
  title: string;
  body: string;
}

export function fetchPages() {
  return call(() => api.GET('/admin/api/static-pages'));
}

export function fetchPage({ brand, slug }: PageKey) {
  return call(() => api.GET('/admin/api/static-pages/{brand}/{slug}', { params: { path: { brand, slug } } }));
}

export function savePage({ brand, slug }: PageKey, text: PageText) {
  return call(() => api.PUT('/admin/api/static-pages/{brand}/{slug}', { params: { path: { brand, slug } }, body: text }));
}

export function resetPage({ brand, slug }: PageKey) {
  return call(() => api.DELETE('/admin/api/static-pages/{brand}/{slug}', { params: { path: { brand, slug } } }));
}

export function previewPage({ brand, slug }: PageKey, text: PageText) {
  return call(() => api.POST('/admin/api/static-pages/{brand}/{slug}/preview', { params: { path: { brand, slug } }, body: text }));
}

export type StaticPage = Awaited<ReturnType<typeof fetchPage>>;

export const pageKeys = {
  all: ['admin', 'static-pages'] as const,
  one: ({ brand, slug }: PageKey) => ['admin', 'static-pages', brand, slug] as const,
};

export function useStaticPages() {
  return useQuery({ queryKey: pageKeys.all, queryFn: fetchPages });
}

export function useStaticPage(key: PageKey) {
  return useQuery({ queryKey: pageKeys.one(key), queryFn: () => fetchPage(key) });
}

/** Saves or resets a page; the list, the page and the audit log follow. */
export function useChangePage(key: PageKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: PageText | null) => (text === null ? resetPage(key) : savePage(key, text)),
    onSuccess: (page) => {
      queryClient.setQueryData(pageKeys.one(key), page);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: pageKeys.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}
