/**
 * The moderators' console calls (/admin/api/comments, /admin/api/word-lists), one function per
 * endpoint through the one typed client, and their TanStack Query hooks.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type QueueName = 'pending' | 'reported' | 'all';
export type QueueItem = components['schemas']['QueueItem'];
export type QueuePage = components['schemas']['QueuePage'];
export type Ban = components['schemas']['BanOut'];
export type WordLists = components['schemas']['WordListsOut'];
export type WordListName = keyof WordLists;
export type SiteSettings = components['schemas']['SiteSettingsOut'];
export type CommentAction = 'approve' | 'reject' | 'feature' | 'unfeature' | 'dismiss-reports';

export function fetchQueue(queue: QueueName, cursor: string | null) {
  const query = { queue, ...(cursor ? { cursor } : {}) };
  return call(() => api.GET('/admin/api/comments', { params: { query } }));
}

export function actOn(commentId: number, action: CommentAction) {
  const params = { params: { path: { comment_id: commentId } } };
  switch (action) {
    case 'approve':
      return call(() => api.POST('/admin/api/comments/{comment_id}/approve', params));
    case 'reject':
      return call(() => api.POST('/admin/api/comments/{comment_id}/reject', params));
    case 'feature':
      return call(() => api.POST('/admin/api/comments/{comment_id}/feature', params));
    case 'unfeature':
      return call(() => api.POST('/admin/api/comments/{comment_id}/unfeature', params));
    case 'dismiss-reports':
      return call(() => api.POST('/admin/api/comments/{comment_id}/dismiss-reports', params));
  }
}

export function fetchBans() {
  return call(() => api.GET('/admin/api/comments/bans'));
}

export function banAuthor(commentId: number, reason: string, days: number | null) {
  return call(() => api.POST('/admin/api/comments/bans', { body: { comment_id: commentId, reason, days } }));
}

export function liftBan(userId: number) {
  return call(() => api.DELETE('/admin/api/comments/bans/{user_id}', { params: { path: { user_id: userId } } }));
}

export function fetchSiteSettings() {
  return call(() => api.GET('/admin/api/comments/settings'));
}

export function saveSiteSettings(site: Pick<SiteSettings, 'spot_id' | 'who_may_comment' | 'premoderation'>) {
  return call(() => api.PUT('/admin/api/comments/settings', { body: { sites: [site] } }));
}

export function fetchWordLists() {
  return call(() => api.GET('/admin/api/word-lists'));
}

export function addWord(list: WordListName, word: string) {
  return call(() => api.POST('/admin/api/word-lists/{list_name}', { params: { path: { list_name: list } }, body: { word } }));
}

export function removeWord(list: WordListName, word: string) {
  return call(() => api.DELETE('/admin/api/word-lists/{list_name}/{word}', { params: { path: { list_name: list, word } } }));
}

export const commentKeys = {
  all: ['admin', 'comments'] as const,
  queue: (queue: QueueName) => ['admin', 'comments', 'queue', queue] as const,
  bans: ['admin', 'comments', 'bans'] as const,
  settings: ['admin', 'comments', 'settings'] as const,
  words: ['admin', 'comments', 'word-lists'] as const,
};

/** A queue, a page at a time. Moderators decide on what is there now: never an old copy. */
export function useQueue(queue: QueueName) {
  return useInfiniteQuery({
    queryKey: commentKeys.queue(queue),
    queryFn: ({ pageParam }) => fetchQueue(queue, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    staleTime: 0,
  });
}

export function useBans() {
  return useQuery({ queryKey: commentKeys.bans, queryFn: fetchBans, staleTime: 0 });
}

export function useSiteSettings() {
  return useQuery({ queryKey: commentKeys.settings, queryFn: fetchSiteSettings, staleTime: 0 });
}

export function useWordLists() {
  return useQuery({ queryKey: commentKeys.words, queryFn: fetchWordLists, staleTime: 0 });
}

/** Runs a moderator's action; afterwards the queues, the bans and the audit log are read again. */
export function useModeration<T>() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: () => Promise<T>) => action(),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: commentKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
