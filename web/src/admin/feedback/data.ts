/**
 * The console's feedback list (/admin/api/feedback, support): the one call through the typed
 * client, and its TanStack Query hook.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type FeedbackItem = components['schemas']['FeedbackItem'];
export type FeedbackPlace = components['schemas']['FeedbackPlace'];
export type FeedbackTopic = components['schemas']['FeedbackIn']['topic'];
export type FeedbackBrand = 'main' | 'gossip' | 'lifestyle';

export interface FeedbackFilters {
  topic: FeedbackTopic | '';
  brand: FeedbackBrand | '';
  q: string;
}

export function fetchFeedback(filters: FeedbackFilters, before: FeedbackPlace | null) {
  const query = {
    ...(filters.topic ? { topic: filters.topic } : {}),
    ...(filters.brand ? { brand: filters.brand } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    ...(before ? { before: before.created_at, before_id: before.id } : {}),
  };
  return call(() => api.GET('/admin/api/feedback', { params: { query } }));
}

/** One page of messages, from `before` (null: the newest). */
export function useFeedback(filters: FeedbackFilters, before: FeedbackPlace | null) {
  return useQuery({
    queryKey: ['admin', 'feedback', filters, before],
    queryFn: () => fetchFeedback(filters, before),
    placeholderData: keepPreviousData,
    // Support answers readers now: never an old copy.
    staleTime: 0,
  });
}
