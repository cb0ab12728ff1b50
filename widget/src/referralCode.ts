import { find } from './dom.js';
import { enc, query, request } from './http.js';
import { readReferralCookie } from './referralCookie.js';
import type { ReferralCookie } from './types.js';
import { fail, isObject, isText, type Dict } from './validate.js';
import type { WidgetApi } from './WidgetApi.js';

/** The first code of a squatchcookiejson reply: `code`, else the first of `codes` (list or map). */
export function firstCode({ code, codes }: Dict): string | undefined {
  return isText(code) ? code : Object.values(codes && typeof codes == 'object' ? codes : {}).find(isText);
}

/** Call 5 (WidgetApi.squatchReferralCookie): the referral code(s) held in the _saasquatch cookie. */
export async function squatchReferralCookie({ domain, tenantAlias }: WidgetApi): Promise<ReferralCookie> {
  const cookies = readReferralCookie() ?? '';
  const reply = await request('GET', `${domain}/a/${enc(tenantAlias)}/widgets/squatchcookiejson${query({ cookies })}`);
  const fields = isObject(reply) ? reply : {};
  return { ...fields, code: firstCode(fields), encodedCookie: cookies };
}

/** Widgets.autofill: the visitor's referral code into the first element matching `selector`, or the reply to a function. */
export async function autofill(api: WidgetApi, selector: unknown): Promise<void> {
  if (typeof selector == 'function') return selector(await api.squatchReferralCookie());
  if (typeof selector != 'string') fail('Autofill accepts a string or function');
  const element = find(selector) ?? fail('Element id/class or function missing');
  const { code } = await api.squatchReferralCookie();
  if (code && 'value' in element) element.value = code;
}
