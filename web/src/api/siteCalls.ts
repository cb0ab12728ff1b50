/**
 * The site API's prepare-customer and postal-code calls (spec section 7). Both need the
 * signed-in reader; the session and tracking ids, when this page has them, are sent too and
 * must be the cookie's reader's.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, call } from './client';
import type { components } from './schema';

export const PREPARE_CUSTOMER_PATH = '/wp-json/nyp-membership/v1/prepare-customer';
export const POSTAL_CODE_PATH = '/wp-json/nyp-membership/v1/postal-code';

type Schemas = components['schemas'];
export type PreparedCustomer = Schemas['PrepareCustomerOut'];
export type PostalCodeAnswer = Schemas['PostalCodeOut'];

export interface ReaderIds {
  sessionId: string | null;
  trackingId: string | null;
}

function idFields({ sessionId, trackingId }: ReaderIds): { session_id?: string; tracking_id?: string } {
  return { ...(sessionId ? { session_id: sessionId } : {}), ...(trackingId ? { tracking_id: trackingId } : {}) };
}

/** Makes the reader's gateway customer (once) and answers it with a client token. */
export function prepareCustomer(ids: ReaderIds): Promise<PreparedCustomer> {
  return call(() => api.POST(PREPARE_CUSTOMER_PATH, { body: idFields(ids) }));
}

/** Keeps the reader's billing state and ZIP code; says whether memberships are sold there. */
export function sendPostalCode(state: string, postalCode: string, ids: ReaderIds): Promise<PostalCodeAnswer> {
  return call(() => api.POST(POSTAL_CODE_PATH, { body: { state, postal_code: postalCode, ...idFields(ids) } }));
}

export function preparedCustomerQuery(ids: ReaderIds) {
  return queryOptions({
    queryKey: ['site', 'prepare-customer', ids.trackingId] as const,
    queryFn: () => prepareCustomer(ids),
    // Its client token is short-lived: a fresh one each time the checkout opens.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
