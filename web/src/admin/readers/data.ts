/**
 * The Readers console's calls (/admin/api/readers, support), one function per endpoint through
 * the one typed client, and their TanStack Query hooks.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';

export const SEARCH_PAGE_SIZE = 20;

/** Where a page of results starts: the `next` of the page before. */
export interface SearchPlace {
  term: string;
  id: number;
}

export function searchReaders(q: string, after: SearchPlace | null) {
  const query = { q, limit: SEARCH_PAGE_SIZE, ...(after ? { after: after.term, after_id: after.id } : {}) };
  return call(() => api.GET('/admin/api/readers', { params: { query } }));
}

export function fetchReader(readerId: number) {
  return call(() => api.GET('/admin/api/readers/{reader_id}', { params: { path: { reader_id: readerId } } }));
}

const path = (readerId: number) => ({ params: { path: { reader_id: readerId } } });

export function resendVerification(readerId: number) {
  return call(() => api.POST('/admin/api/readers/{reader_id}/verification', path(readerId)));
}

export function sendPasswordReset(readerId: number) {
  return call(() => api.POST('/admin/api/readers/{reader_id}/password-reset', path(readerId)));
}

export function revokeSessions(readerId: number) {
  return call(() => api.DELETE('/admin/api/readers/{reader_id}/sessions', path(readerId)));
}

export function grantHomeDelivery(readerId: number) {
  return call(() => api.PUT('/admin/api/readers/{reader_id}/home-delivery', path(readerId)));
}

export function revokeHomeDelivery(readerId: number) {
  return call(() => api.DELETE('/admin/api/readers/{reader_id}/home-delivery', path(readerId)));
}

export function cancelMembership(readerId: number, note: string) {
  return call(() => api.POST('/admin/api/readers/{reader_id}/membership/cancel', { ...path(readerId), body: { note } }));
}

export function pauseMembership(readerId: number, months: 1 | 2 | 3) {
  return call(() => api.POST('/admin/api/readers/{reader_id}/membership/pause', { ...path(readerId), body: { months } }));
}

export function refundCharge(readerId: number, transactionId: string) {
  return call(() =>
    api.POST('/admin/api/readers/{reader_id}/payments/{transaction_id}/refund', {
      params: { path: { reader_id: readerId, transaction_id: transactionId } },
    }),
  );
}

export type ReaderPage = Awaited<ReturnType<typeof fetchReader>>;
export type ReaderSummary = Awaited<ReturnType<typeof searchReaders>>['items'][number];
export type Payment = ReaderPage['payments'][number];
export type ActionAnswer = { message: string };

export const readerKeys = {
  all: ['admin', 'readers'] as const,
  search: (q: string) => ['admin', 'readers', 'search', q] as const,
  one: (readerId: number) => ['admin', 'readers', 'reader', readerId] as const,
};

/** The readers a query finds, a page at a time (keyset: no page is skipped or repeated). */
export function useReaderSearch(q: string) {
  return useInfiniteQuery({
    queryKey: readerKeys.search(q),
    queryFn: ({ pageParam }) => searchReaders(q, pageParam),
    initialPageParam: null as SearchPlace | null,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: q !== '',
    placeholderData: keepPreviousData,
    // Support looks a reader up to help them now: never an old copy.
    staleTime: 0,
  });
}

export function useReader(readerId: number) {
  return useQuery({ queryKey: readerKeys.one(readerId), queryFn: () => fetchReader(readerId), staleTime: 0 });
}

/**
 * Runs one of the reader's actions; afterwards the reader's page, the searches (a name or an
 * address may show differently) and the audit log are read again.
 */
export function useReaderAction(readerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: () => Promise<ActionAnswer>) => action(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: readerKeys.one(readerId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
