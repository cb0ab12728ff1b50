import { loadChunk } from './chunks.js';
import { Configured } from './Configured.js';
import { enc, query, request } from './http.js';
import { log } from './log.js';
import { cookieStored, readReferralCookie } from './referralCookie.js';
import type { CookieWidgetConfig, ReferralCookie, WidgetConfig } from './types.js';
import { isObject, validateWidgetConfig, widgetOptions } from './validate.js';

/** The widget endpoints of the SaaSquatch REST API (calls 1–5 of the spec). */
export class WidgetApi extends Configured {
  #path(rest: string, tenantAlias = this.tenantAlias): string {
    return `${this.domain}/api/v1/${enc(tenantAlias)}${rest}`;
  }

  /** Calls 1 to 3: PUT upsert and cookie_user (with the _saasquatch cookie as `cookies`), GET render. */
  #widget(call: string, { user, jwt, widgetType, engagementMedium, locale }: CookieWidgetConfig, body?: unknown): Promise<unknown> {
    const path = call == 'cookie_user' ? '/widget/user/' : `/widget/account/${enc(user!.accountId)}/user/${enc(user!.id)}/`;
    return request(body ? 'PUT' : 'GET', this.#path(path + call + query({ widgetType, engagementMedium, locale })), body, jwt, true);
  }

  /** Call 1: creates or finds the visitor known by the provider's cookie. */
  cookieUser(params: CookieWidgetConfig = {}): Promise<unknown> {
    const clean = widgetOptions(isObject(params) ? params : {});
    return this.#widget('cookie_user', clean, clean.user ?? {});
  }

  /** Call 2: creates or updates the user. */
  upsertUser(params: WidgetConfig): Promise<unknown> {
    const clean = validateWidgetConfig(params);
    // The referral cookie goes with the user: once a pushCookie() under way has stored it.
    return cookieStored().then(() => {
      const cookies = readReferralCookie();
      return this.#widget('upsert', clean, cookies ? { ...clean.user, cookies } : clean.user);
    });
  }

  /** Call 3: the widget of an existing user. */
  render(params: WidgetConfig): Promise<unknown> {
    return this.#widget('render', validateWidgetConfig(params));
  }

  /** Call 4: referral invite emails. A failure is only logged (spec section 8): it resolves to nothing. */
  invite({ emailList = [], userId, accountId, tenantAlias }: { emailList?: string[]; userId: string; accountId: string; tenantAlias?: string }): Promise<unknown> {
    const body = { sendingAccountId: accountId, sendingUserId: userId, recipients: emailList };
    return request('POST', this.#path('/mail/referralinvite', tenantAlias), body).catch((e: unknown) => log('invite', e));
  }

  /** Call 5: the referral code(s) held in the _saasquatch cookie, once a pushCookie() under way has stored it. */
  async squatchReferralCookie(): Promise<ReferralCookie> {
    await cookieStored();
    return (await loadChunk('autofill')).squatchReferralCookie(this);
  }
}
