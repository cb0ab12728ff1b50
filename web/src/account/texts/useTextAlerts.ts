import { useQuery, useQueryClient } from '@tanstack/react-query';
import { readTextAlerts, type TextAlerts } from './textsApi';

const KEY = ['text-alerts'] as const;

/** The reader's text alerts; a save's answer replaces the cached one. */
export function useTextAlerts() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: KEY, queryFn: readTextAlerts, staleTime: 0 });
  return {
    alerts: query.data ?? null,
    error: query.error,
    retry: () => void query.refetch(),
    replace: (next: TextAlerts) => queryClient.setQueryData(KEY, next),
  };
}
