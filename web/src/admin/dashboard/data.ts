/**
 * The dashboard's console calls (/admin/api/dashboard/*), one function per chart, typed from
 * the generated schema through the one client; the TanStack Query hook the cards read; and
 * each chart's CSV address (a download the browser makes itself: a link, not a fetch).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../api/client';
import type { components, paths } from '../../api/schema';
import { hasRole } from '../roles';

export type Chart = components['schemas']['Chart'];
export type ChartId = Chart['chart'];

/** The range asked for: YYYY-MM-DD days; either may be left to the server's default. */
export interface ChartRange {
  from?: string;
  to?: string;
}

export function fetchMembersByStatus(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/members-by-status', { params: { query } }));
}

export function fetchNewMembers(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/new-members', { params: { query } }));
}

export function fetchTrials(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/trials', { params: { query } }));
}

export function fetchCancellations(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/cancellations', { params: { query } }));
}

export function fetchRevenue(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/revenue', { params: { query } }));
}

export function fetchReferralConversions(query: ChartRange) {
  return call(() => api.GET('/admin/api/dashboard/referral-conversions', { params: { query } }));
}

const FETCH: Record<ChartId, (query: ChartRange) => Promise<Chart>> = {
  'members-by-status': fetchMembersByStatus,
  'new-members': fetchNewMembers,
  trials: fetchTrials,
  cancellations: fetchCancellations,
  revenue: fetchRevenue,
  'referral-conversions': fetchReferralConversions,
};

type CsvPath = Extract<keyof paths, `/admin/api/dashboard/${string}.csv`>;

const CSV: Record<ChartId, CsvPath> = {
  'members-by-status': '/admin/api/dashboard/members-by-status.csv',
  'new-members': '/admin/api/dashboard/new-members.csv',
  trials: '/admin/api/dashboard/trials.csv',
  cancellations: '/admin/api/dashboard/cancellations.csv',
  revenue: '/admin/api/dashboard/revenue.csv',
  'referral-conversions': '/admin/api/dashboard/referral-conversions.csv',
};

/** Where a chart's numbers download as CSV, for the same range as the chart. */
export function csvHref(id: ChartId, range: ChartRange): string {
  const query = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = query.toString();
  return search ? `${CSV[id]}?${search}` : CSV[id];
}

/** The charts in the order the dashboard shows them; revenue only for marketing (and admins), as the server allows. */
export const CHART_ORDER: readonly ChartId[] = ['members-by-status', 'new-members', 'trials', 'cancellations', 'revenue', 'referral-conversions'];

export function chartsFor(roles: readonly string[]): ChartId[] {
  return CHART_ORDER.filter((id) => id !== 'revenue' || hasRole(roles, 'marketing'));
}

export const dashboardKeys = {
  chart: (id: ChartId, range: ChartRange) => ['admin', 'dashboard', id, range.from ?? '', range.to ?? ''] as const,
};

export function useChart(id: ChartId, range: ChartRange) {
  return useQuery({
    queryKey: dashboardKeys.chart(id, range),
    queryFn: () => FETCH[id](range),
    // A new period keeps the old chart on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
