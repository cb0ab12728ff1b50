/**
 * The stories' console calls (/admin/api/stories, editors), one function per endpoint through
 * the one client (typed from the generated schema), and the TanStack Query hooks the screens
 * read.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import { PER_PAGE, type StoryFilters } from './listFilters';
import type { StoryValues } from './storyForm';

export function fetchStories(filters: StoryFilters) {
  const query = {
    ...(filters.brand ? { brand: filters.brand } : {}),
    ...(filters.section ? { section: filters.section } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    page: filters.page,
    per_page: PER_PAGE,
  };
  return call(() => api.GET('/admin/api/stories', { params: { query } }));
}

export function fetchDesks() {
  return call(() => api.GET('/admin/api/stories/desks'));
}

export function fetchStory(contentId: string) {
  return call(() => api.GET('/admin/api/stories/{content_id}', { params: { path: { content_id: contentId } } }));
}

export function createStory(values: StoryValues) {
  return call(() => api.POST('/admin/api/stories', { body: values }));
}

export function saveStory(contentId: string, values: StoryValues) {
  return call(() => api.PUT('/admin/api/stories/{content_id}', { params: { path: { content_id: contentId } }, body: values }));
}

export function publishStory(contentId: string) {
  return call(() => api.POST('/admin/api/stories/{content_id}/publish', { params: { path: { content_id: contentId } } }));
}

export function scheduleStory(contentId: string, publishedAt: string) {
  return call(() =>
    api.POST('/admin/api/stories/{content_id}/schedule', { params: { path: { content_id: contentId } }, body: { published_at: publishedAt } }),
  );
}

export function unpublishStory(contentId: string) {
  return call(() => api.POST('/admin/api/stories/{content_id}/unpublish', { params: { path: { content_id: contentId } } }));
}

export function deleteStory(contentId: string) {
  return call(() => api.DELETE('/admin/api/stories/{content_id}', { params: { path: { content_id: contentId } } }));
}

/** The page the form's text would make, as a member reads it; nothing is stored. */
export function previewStory(values: StoryValues) {
  return call(() => api.POST('/admin/api/stories/preview', { body: values }));
}

export type Story = Awaited<ReturnType<typeof fetchStory>>;
export type StoryPage = Awaited<ReturnType<typeof fetchStories>>;
export type StorySummary = StoryPage['items'][number];
export type Desk = Awaited<ReturnType<typeof fetchDesks>>['brands'][number];

export const storyKeys = {
  all: ['admin', 'stories'] as const,
  list: (filters: StoryFilters) => ['admin', 'stories', 'list', filters] as const,
  desks: ['admin', 'stories', 'desks'] as const,
  one: (contentId: string) => ['admin', 'stories', 'one', contentId] as const,
};

/** A page of the stories; a new filter or page keeps the old rows on screen until it comes. */
export function useStories(filters: StoryFilters) {
  return useQuery({ queryKey: storyKeys.list(filters), queryFn: () => fetchStories(filters), placeholderData: keepPreviousData });
}

/** The brands and their sections: the same for as long as the server runs. */
export function useDesks() {
  return useQuery({ queryKey: storyKeys.desks, queryFn: fetchDesks, staleTime: Infinity });
}

export function useStory(contentId: string | undefined) {
  return useQuery({
    queryKey: storyKeys.one(contentId ?? ''),
    queryFn: () => fetchStory(contentId ?? ''),
    enabled: Boolean(contentId),
    // Another editor may have changed it: read it fresh each time the screen opens.
    staleTime: 0,
  });
}

/**
 * Runs a change of a story (a save, a publication, a deletion...); the story it answers, the
 * lists and the audit log follow.
 */
export function useStoryChange() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (change: () => Promise<unknown>) => change(),
    onSuccess: (answer) => {
      if (isStory(answer)) queryClient.setQueryData(storyKeys.one(answer.content_id), answer);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...storyKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
  // What `change` answers comes back as it is (the mutation itself only knows "something").
  return <T>(change: () => Promise<T>) => mutation.mutateAsync(change) as Promise<T>;
}

function isStory(answer: unknown): answer is Story {
  return typeof answer === 'object' && answer !== null && 'content_id' in answer && 'teaser_html' in answer;
}
