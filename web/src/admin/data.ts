/**
 * The staff console's server calls, one function per endpoint of /admin/api (typed from the
 * generated schema through the one client), and the TanStack Query hooks the screens read.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, call, isApiError } from '../api/client';
import type { Role } from './roles';

export interface Credentials {
  email: string;
  password: string;
}

export function signIn(credentials: Credentials) {
  return call(() => api.POST('/admin/api/session', { body: credentials }));
}

export function fetchEnrolment() {
  return call(() => api.GET('/admin/api/session/enrolment'));
}

export function completeEnrolment(code: string) {
  return call(() => api.POST('/admin/api/session/enrolment', { body: { code } }));
}

export function submitCode(code: string) {
  return call(() => api.POST('/admin/api/session/code', { body: { code } }));
}

export function confirmCode(code: string) {
  return call(() => api.POST('/admin/api/session/confirm', { body: { code } }));
}

export function signOut() {
  return call(() => api.DELETE('/admin/api/session'));
}

/** Who is signed in; null when nobody is (401), which is not an error here. */
export async function fetchMe() {
  try {
    return await call(() => api.GET('/admin/api/me'));
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export function fetchStaff() {
  return call(() => api.GET('/admin/api/staff'));
}

export function setRoles(email: string, roles: Role[]) {
  return call(() => api.PUT('/admin/api/staff/{email}', { params: { path: { email } }, body: { roles } }));
}

export interface AuditFilters {
  actor: string;
  action: string;
  target: string;
}

export const AUDIT_PAGE_SIZE = 50;

export function fetchAudit(filters: AuditFilters, before: number | null) {
  // Empty filters are left out: "actor=" would ask for entries with no actor.
  const query = {
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target ? { target: filters.target } : {}),
    ...(before !== null ? { before } : {}),
    limit: AUDIT_PAGE_SIZE,
  };
  return call(() => api.GET('/admin/api/audit', { params: { query } }));
}

export type Me = NonNullable<Awaited<ReturnType<typeof fetchMe>>>;
export type SignInNext = Awaited<ReturnType<typeof signIn>>['next'];
export type Enrolment = Awaited<ReturnType<typeof fetchEnrolment>>;
export type StaffMember = Awaited<ReturnType<typeof fetchStaff>>['items'][number];
export type AuditEntry = Awaited<ReturnType<typeof fetchAudit>>['items'][number];

/**
 * Forgets every answer of the console (another person's, at a shared browser) and sets who
 * is signed in now. The me entry is set, not removed: the header is watching it.
 */
export function switchPerson(queryClient: QueryClient, me: Me | null) {
  queryClient.removeQueries({ queryKey: adminKeys.all, predicate: (query) => query.queryKey[1] !== 'me' });
  queryClient.setQueryData(adminKeys.me, me);
}

export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  enrolment: ['admin', 'enrolment'] as const,
  staff: ['admin', 'staff'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
};

/** The signed-in staff member: data null when nobody is signed in. */
export function useMe() {
  return useQuery({ queryKey: adminKeys.me, queryFn: fetchMe });
}

/**
 * The enrolment's secret and QR code. Fetched once per pending sign-in: the server keeps the
 * same secret until enrolment completes, and a refetch behind the person's back is pointless.
 */
export function useEnrolment() {
  return useQuery({ queryKey: adminKeys.enrolment, queryFn: fetchEnrolment, staleTime: Infinity, gcTime: 0 });
}

export function useStaff() {
  return useQuery({ queryKey: adminKeys.staff, queryFn: fetchStaff });
}

/** Changes a member's roles through `run` (the step-up wrapper); the lists follow. */
export function useSetRoles(run: <T>(action: () => Promise<T>) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, roles }: { email: string; roles: Role[] }) => run(() => setRoles(email, roles)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
        // The change is in the log now, and may be the signed-in person's own roles.
        queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.me }),
      ]),
  });
}

/** The audit log, newest first, a page at a time: each further page is older. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }) => fetchAudit(filters, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next ?? undefined,
    // A new filter keeps the old entries on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // An audit log is read to find out what just happened: never an old copy.
    staleTime: 0,
  });
}

/**
 * Signs out, then `leave`s (to the sign-in page) and forgets every answer the console had
 * cached (the next person at this browser sees none). A session that had already ended (401)
 * counts as signed out; any other failure is thrown: the session is still alive on the server.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return async (leave: () => void) => {
    try {
      await signOut();
    } catch (error) {
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    // Leave first: a screen that sees nobody signed in would send them to sign in and back.
    leave();
    switchPerson(queryClient, null);
  };
}
