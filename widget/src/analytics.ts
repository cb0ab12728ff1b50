import { enc, query, request } from './http.js';
import { log } from './log.js';
import type { LoadParams } from './validate.js';

/** Calls 6 and 7. Failures are only logged: analytics never break a widget. */
export function sendAnalytics(domain: string, kind: 'loaded' | 'shared', p: LoadParams, shareMedium?: string): Promise<void> {
  const { tenantAlias, programId, ...who } = p;
  const url = `${domain}/a/${enc(tenantAlias)}/widgets/analytics/${kind}${query({ ...who, programId: kind == 'loaded' && programId, shareMedium })}`;
  return request('POST', url, {}).then(
    () => undefined,
    (e: unknown) => log(kind, e),
  );
}
