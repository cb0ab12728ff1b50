/**
 * The member events' console calls (/admin/api/member-events, editors) and their TanStack
 * Query hooks.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components } from '../../api/schema';

export type MemberEvent = components['schemas']['MemberEventOut'];
export type MemberEventIn = components['schemas']['MemberEventIn'];

const PATH = '/admin/api/member-events';
const ONE = '/admin/api/member-events/{event_id}';

export function fetchEvents() {
  return call(() => api.GET(PATH));
}

export function fetchEvent(id: number) {
  return call(() => api.GET(ONE, { params: { path: { event_id: id } } }));
}

export const eventKeys = {
  all: ['admin', 'member-events'] as const,
  one: (id: number) => ['admin', 'member-events', id] as const,
};

export function useMemberEvents() {
  return useQuery({ queryKey: eventKeys.all, queryFn: fetchEvents });
}

export function useMemberEvent(id: number | null) {
  return useQuery({ queryKey: eventKeys.one(id ?? 0), queryFn: () => fetchEvent(id ?? 0), enabled: id !== null });
}

/** Adds (id null), replaces or deletes (body null) an event; the list and the audit log follow. */
export function useChangeEvent(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MemberEventIn | null): Promise<MemberEvent | null> => {
      if (id === null) return body ? call(() => api.POST(PATH, { body })) : null;
      if (body === null) {
        await call(() => api.DELETE(ONE, { params: { path: { event_id: id } } }));
        return null;
      }
      return call(() => api.PUT(ONE, { params: { path: { event_id: id } }, body }));
    },
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(eventKeys.one(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]);
    },
  });
}

/** "2026-12-10T19:00" (a datetime-local field, the editor's own time zone) from a stored instant. */
export function localInputValue(startsAt: string): string {
  const at = new Date(startsAt);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The instant a datetime-local value means in the editor's time zone, as ISO 8601 in UTC. */
export function instantOf(local: string): string | null {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}
