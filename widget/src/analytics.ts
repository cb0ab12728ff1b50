import { enc, query, request } from './http.js';
import { log } from './log.js';
import type { LoadParams } from './validate.js';

/** Calls 6 and 7. Failures are only logged: analytics never break a widget. */
export function sendAnalytics(domain: string, kind: 'loaded' | 'shared', p: LoadParams, shareMedium?: string): Promise<void> {
  const url =
    `${domain}/a/${enc(p.tenantAlias)}/widgets/analytics/${kind}` +
    query({
      externalAccountId: p.externalAccountId,
      externalUserId: p.externalUserId,
      engagementMedium: p.engagementMedium,
      programId: kind === 'loaded' ? p.programId : undefined,
      shareMedium,
    });
  return request('POST', url, { body: {} }).then(
    () => undefined,
    (e: unknown) => log(kind, e),
  );
}
