/**
 * The newsletter lists' console calls (/admin/api/newsletter-lists, editors), one function per
 * endpoint through the one typed client, and the TanStack Query hooks the screens read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type NewsletterList = Schemas['ListAdminOut'];
export type ListFields = Schemas['ListFields'];
export type NewListIn = Schemas['NewListIn'];
export type Group = ListFields['group'];

export function fetchLists() {
  return call(() => api.GET('/admin/api/newsletter-lists'));
}

export function fetchList(listId: number) {
  return call(() => api.GET('/admin/api/newsletter-lists/{list_id}', { params: { path: { list_id: listId } } }));
}

export function createList(body: NewListIn) {
  return call(() => api.POST('/admin/api/newsletter-lists', { body }));
}

export function updateList(listId: number, body: ListFields) {
  return call(() => api.PUT('/admin/api/newsletter-lists/{list_id}', { params: { path: { list_id: listId } }, body }));
}

export function moveList(listId: number, position: number) {
  return call(() => api.PUT('/admin/api/newsletter-lists/{list_id}/position', { params: { path: { list_id: listId } }, body: { position } }));
}

export function setRetired(listId: number, retired: boolean) {
  return call(() => api.PUT('/admin/api/newsletter-lists/{list_id}/retired', { params: { path: { list_id: listId } }, body: { retired } }));
}

export const listKeys = {
  all: ['admin', 'newsletter-lists'] as const,
  one: (listId: number) => ['admin', 'newsletter-lists', listId] as const,
};

export function useLists() {
  return useQuery({ queryKey: listKeys.all, queryFn: fetchLists });
}

export function useList(listId: number | null) {
  return useQuery({ queryKey: listKeys.one(listId ?? 0), queryFn: () => fetchList(listId ?? 0), enabled: listId !== null });
}

/** After any change: the list, the one list and the audit log follow. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return (saved: NewsletterList) => {
    queryClient.setQueryData(listKeys.one(saved.id), saved);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: listKeys.all, exact: true }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
  };
}

/** Creates a list (listId null) or saves an existing one's fields. */
export function useSaveList() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ listId, body }: { listId: number | null; body: NewListIn }) =>
      listId === null ? createList(body) : updateList(listId, { name: body.name, description: body.description, group: body.group }),
    onSuccess: after,
  });
}

export function useMoveList() {
  const after = useAfterChange();
  return useMutation({ mutationFn: ({ listId, position }: { listId: number; position: number }) => moveList(listId, position), onSuccess: after });
}

export function useSetRetired() {
  const after = useAfterChange();
  return useMutation({ mutationFn: ({ listId, retired }: { listId: number; retired: boolean }) => setRetired(listId, retired), onSuccess: after });
}
