import { followUpDocument } from './documents.js';
import type { ReloadParams } from './types.js';
import { isObject, isText } from './validate.js';
import type { Widget } from './Widget.js';

/**
 * Widget.reload's request for the visitor's new profile (upsert for a known user, cookie_user
 * for a cookie visitor): the new template and the registration follow-up to show meanwhile,
 * whose button reveals it; undefined when the reply has no template.
 */
export async function reloadWidget(
  { context: ctx, widgetApi: api, type }: Widget,
  { email, firstName, lastName }: ReloadParams,
  jwt?: string,
): Promise<[template: string, followUp: string] | undefined> {
  // A CTA's popup shows a POPUP template: the new one is asked for the same way.
  const options = { engagementMedium: ctx.engagementMedium == 'EMBED' ? ('EMBED' as const) : ('POPUP' as const), widgetType: type, jwt };
  const user = { email: email || null, firstName: firstName || null, lastName: lastName || null };
  const r =
    ctx.type == 'upsert'
      ? await api.upsertUser({ ...options, user: { ...user, id: ctx.user.id, accountId: ctx.user.accountId } })
      : await api.cookieUser({ ...options, user });
  if (isObject(r) && isText(r.template))
    return [r.template, followUpDocument(email ?? '', type == 'REFERRER_WIDGET' ? 'Show Stats' : 'Show Reward')];
}
