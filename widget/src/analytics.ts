import { enc, query, request } from './http.js';
import { log } from './log.js';
import type { LoadParams } from './validate.js';

/**
 * Calls 6 and 7. Failures are only logged: analytics never break a widget. The payload is
 * empty: no body and so no Content-Type, which keeps the call a CORS "simple" request that a
 * merchant page sends without a preflight (the URL differs per user, so preflights would not
 * be cached).
 */
export function sendAnalytics(domain: string, kind: 'loaded' | 'shared', p: LoadParams, shareMedium?: string): Promise<unknown> {
  const { tenantAlias, programId, ...who } = p;
  const url = `${domain}/a/${enc(tenantAlias)}/widgets/analytics/${kind}${query({ ...who, programId: kind == 'loaded' && programId, shareMedium })}`;
  return request('POST', url).catch((e: unknown) => log(kind, e));
}
