/**
 * The referral programmes' console calls (/admin/api/referral-tenants, marketing), one
 * function per endpoint through the one typed client, and their TanStack Query hooks.
 *
 * A tenant's API key arrives only in the answers of creating it and rotating it: it is never
 * put in the query cache, only handed to the screen that shows it once.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call, isApiError } from '../../api/client';
import type { components } from '../../api/schema';

type Schemas = components['schemas'];
export type Tenant = Schemas['TenantOut'];
export type TenantIn = Schemas['TenantIn'];
export type TenantChange = Schemas['TenantChange'];
export type TenantWithKey = Schemas['TenantWithKey'];
export type Programme = Schemas['ProgrammeOut'];
export type ProgrammeIn = Schemas['ProgrammeIn'];
export type ProgrammeChange = Schemas['ProgrammeChange'];
export type CodeCounts = Schemas['CodeCounts'];
export type CodesAdded = Schemas['CodesAdded'];
export type Referral = Schemas['ReferralOut'];
export type ReferralStatus = Referral['status'];
export type LineProblem = Schemas['LineProblem'];

export const TENANT_PAGE_SIZE = 50;
export const REFERRAL_PAGE_SIZE = 25;

export function fetchTenants(after: string | null) {
  const query = { limit: TENANT_PAGE_SIZE, ...(after ? { after } : {}) };
  return call(() => api.GET('/admin/api/referral-tenants', { params: { query } }));
}

export function createTenant(body: TenantIn) {
  return call(() => api.POST('/admin/api/referral-tenants', { body }));
}

export function fetchTenant(alias: string) {
  return call(() => api.GET('/admin/api/referral-tenants/{alias}', { params: { path: { alias } } }));
}

export function changeTenant(alias: string, body: TenantChange) {
  return call(() => api.PATCH('/admin/api/referral-tenants/{alias}', { params: { path: { alias } }, body }));
}

export function rotateKey(alias: string) {
  return call(() => api.POST('/admin/api/referral-tenants/{alias}/key', { params: { path: { alias } } }));
}

export function deleteTenant(alias: string) {
  return call(() => api.DELETE('/admin/api/referral-tenants/{alias}', { params: { path: { alias } } }));
}

export function fetchProgrammes(alias: string) {
  return call(() => api.GET('/admin/api/referral-tenants/{alias}/programmes', { params: { path: { alias } } }));
}

export function createProgramme(alias: string, body: ProgrammeIn) {
  return call(() => api.POST('/admin/api/referral-tenants/{alias}/programmes', { params: { path: { alias } }, body }));
}

export function fetchProgramme(alias: string, slug: string) {
  return call(() => api.GET('/admin/api/referral-tenants/{alias}/programmes/{slug}', { params: { path: { alias, slug } } }));
}

export function changeProgramme(alias: string, slug: string, body: ProgrammeChange) {
  return call(() => api.PATCH('/admin/api/referral-tenants/{alias}/programmes/{slug}', { params: { path: { alias, slug } }, body }));
}

export function uploadCodes(alias: string, slug: string, csv: string) {
  return call(() => api.POST('/admin/api/referral-tenants/{alias}/programmes/{slug}/codes', { params: { path: { alias, slug } }, body: { csv } }));
}

export interface ReferralFilters {
  programme: string;
  status: '' | ReferralStatus;
}

export function fetchReferrals(alias: string, filters: ReferralFilters, before: number | null) {
  // Empty filters are left out: the server takes only a programme it has, and a status.
  const query = {
    limit: REFERRAL_PAGE_SIZE,
    ...(filters.programme ? { programme: filters.programme } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(before !== null ? { before } : {}),
  };
  return call(() => api.GET('/admin/api/referral-tenants/{alias}/referrals', { params: { path: { alias }, query } }));
}

/** The lines the server named when it refused a code bank upload (400 invalid-codes). */
export function refusedLines(error: unknown): LineProblem[] {
  if (!isApiError(error) || error.type !== 'invalid-codes') return [];
  const body = error.body as { problems?: unknown } | null;
  if (!body || !Array.isArray(body.problems)) return [];
  return body.problems.filter(
    (problem): problem is LineProblem =>
      typeof problem === 'object' && problem !== null && typeof (problem as LineProblem).line === 'number' && typeof (problem as LineProblem).message === 'string',
  );
}

export const referralKeys = {
  all: ['admin', 'referral-tenants'] as const,
  list: ['admin', 'referral-tenants', 'list'] as const,
  tenant: (alias: string) => ['admin', 'referral-tenants', 'tenant', alias] as const,
  programmes: (alias: string) => ['admin', 'referral-tenants', 'tenant', alias, 'programmes'] as const,
  programme: (alias: string, slug: string) => ['admin', 'referral-tenants', 'tenant', alias, 'programmes', slug] as const,
  referrals: (alias: string, filters: ReferralFilters) => ['admin', 'referral-tenants', 'tenant', alias, 'referrals', filters] as const,
};

/** After a change: the lists and the audit log follow. */
function refreshAfterChange(queryClient: QueryClient, alias: string | null) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: referralKeys.list }),
    alias ? queryClient.invalidateQueries({ queryKey: referralKeys.tenant(alias) }) : null,
    queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  ]);
}

/** The tenants by alias, a page at a time. */
export function useTenants() {
  return useInfiniteQuery({
    queryKey: referralKeys.list,
    queryFn: ({ pageParam }) => fetchTenants(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next ?? undefined,
  });
}

export function useTenant(alias: string) {
  return useQuery({ queryKey: referralKeys.tenant(alias), queryFn: () => fetchTenant(alias) });
}

export function useProgrammes(alias: string) {
  return useQuery({ queryKey: referralKeys.programmes(alias), queryFn: () => fetchProgrammes(alias) });
}

export function useProgramme(alias: string, slug: string | null) {
  return useQuery({
    queryKey: referralKeys.programme(alias, slug ?? ''),
    queryFn: () => fetchProgramme(alias, slug ?? ''),
    enabled: slug !== null,
  });
}

/** Adds a tenant; the answer (with its key) goes to the caller only. */
export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantIn) => createTenant(body),
    onSuccess: () => refreshAfterChange(queryClient, null),
  });
}

export function useChangeTenant(alias: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TenantChange) => changeTenant(alias, body),
    onSuccess: (tenant) => {
      queryClient.setQueryData(referralKeys.tenant(alias), tenant);
      return refreshAfterChange(queryClient, null);
    },
  });
}

/** Rotates the key through `run` (the step-up wrapper); the new key goes to the caller only. */
export function useRotateKey(alias: string, run: <T>(action: () => Promise<T>) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => run(() => rotateKey(alias)),
    onSuccess: ({ tenant }) => {
      queryClient.setQueryData(referralKeys.tenant(alias), tenant);
      return refreshAfterChange(queryClient, null);
    },
  });
}

export function useDeleteTenant(alias: string, run: <T>(action: () => Promise<T>) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => run(() => deleteTenant(alias)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: referralKeys.tenant(alias) });
      return refreshAfterChange(queryClient, null);
    },
  });
}

export function useSaveProgramme(alias: string, slug: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProgrammeIn) => {
      if (slug === null) return createProgramme(alias, body);
      const { slug: _unchangeable, ...change } = body;
      return changeProgramme(alias, slug, change);
    },
    onSuccess: (programme) => {
      queryClient.setQueryData(referralKeys.programme(alias, programme.slug), programme);
      return refreshAfterChange(queryClient, alias);
    },
  });
}

export function useUploadCodes(alias: string, slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => uploadCodes(alias, slug, csv),
    onSuccess: () => refreshAfterChange(queryClient, alias),
  });
}

/** A tenant's referrals, newest first, a page at a time: each further page is older. */
export function useReferrals(alias: string, filters: ReferralFilters) {
  return useInfiniteQuery({
    queryKey: referralKeys.referrals(alias, filters),
    queryFn: ({ pageParam }) => fetchReferrals(alias, filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next ?? undefined,
    placeholderData: keepPreviousData,
  });
}
