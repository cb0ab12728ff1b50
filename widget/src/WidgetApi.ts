import { enc, query, request } from './http.js';
import { readReferralCookie } from './referralCookie.js';
import type { ConfigOptions, CookieWidgetConfig, ReferralCookie, WidgetConfig } from './types.js';
import { isObject, isText, validateConfig, validateWidgetConfig, widgetOptions, type Dict } from './validate.js';

const renderQuery = (o: CookieWidgetConfig) =>
  query({ widgetType: o.widgetType, engagementMedium: o.engagementMedium, locale: o.locale });

/** The first code of a squatchcookiejson reply: `code`, else the first of `codes` (list or map). */
export function firstCode(reply: Dict): string | undefined {
  const { code, codes } = reply;
  return isText(code) ? code : Object.values(codes && typeof codes === 'object' ? codes : {}).find(isText);
}

/** The widget endpoints of the SaaSquatch REST API (calls 1–5 of the spec). */
export class WidgetApi {
  tenantAlias: string;
  domain: string;
  npmCdn: string;

  constructor(config: ConfigOptions) {
    const clean = validateConfig(config);
    this.tenantAlias = clean.tenantAlias;
    this.domain = clean.domain;
    this.npmCdn = clean.npmCdn;
  }

  private path(rest: string, tenantAlias = this.tenantAlias): string {
    return `${this.domain}/api/v1/${enc(tenantAlias)}${rest}`;
  }

  /** Call 1: creates or finds the visitor known by the provider's cookie. */
  cookieUser(params: CookieWidgetConfig = {}): Promise<unknown> {
    const clean = widgetOptions(isObject(params) ? params : {});
    return request('PUT', this.path(`/widget/user/cookie_user${renderQuery(clean)}`), {
      body: clean.user ?? {},
      jwt: clean.jwt,
      credentials: true,
      referrer: true,
    });
  }

  /** Call 2: creates or updates the user; the _saasquatch cookie travels as `cookies`. */
  upsertUser(params: WidgetConfig): Promise<unknown> {
    const clean = validateWidgetConfig(params);
    const { user } = clean;
    const cookies = readReferralCookie();
    const path = `/widget/account/${enc(user.accountId)}/user/${enc(user.id)}/upsert${renderQuery(clean)}`;
    return request('PUT', this.path(path), {
      body: cookies ? { ...user, cookies } : user,
      jwt: clean.jwt,
      credentials: true,
      referrer: true,
    });
  }

  /** Call 3: the widget of an existing user. */
  render(params: WidgetConfig): Promise<unknown> {
    const clean = validateWidgetConfig(params);
    const { user } = clean;
    const path = `/widget/account/${enc(user.accountId)}/user/${enc(user.id)}/render${renderQuery(clean)}`;
    return request('GET', this.path(path), { jwt: clean.jwt, credentials: true });
  }

  /** Call 4: referral invite emails. */
  invite(params: { emailList?: string[]; userId: string; accountId: string; tenantAlias?: string }): Promise<unknown> {
    const { emailList = [], userId, accountId, tenantAlias } = params;
    return request('POST', this.path('/mail/referralinvite', tenantAlias), {
      body: { sendingAccountId: accountId, sendingUserId: userId, recipients: emailList },
    });
  }

  /** Call 5: the referral code(s) held in the _saasquatch cookie. */
  async squatchReferralCookie(): Promise<ReferralCookie> {
    const cookie = readReferralCookie() ?? '';
    const url = `${this.domain}/a/${enc(this.tenantAlias)}/widgets/squatchcookiejson${query({ cookies: cookie })}`;
    const reply = await request('GET', url);
    const fields = isObject(reply) ? reply : {};
    return { ...fields, code: firstCode(fields), encodedCookie: cookie };
  }
}
