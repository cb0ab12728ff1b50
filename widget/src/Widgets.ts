import { ctaPlacement, extractCta } from './cta.js';
import { CtaWidget } from './CtaWidget.js';
import { errorDocument } from './documents.js';
import { EmbedWidget } from './EmbedWidget.js';
import { log } from './log.js';
import { PopupWidget } from './PopupWidget.js';
import type { ConfigOptions, CookieWidgetConfig, EngagementMedium, ReferralCookie, User, WidgetConfig, WidgetResult } from './types.js';
import { chooseDisplay, fillFuelTank } from './urlRules.js';
import { isObject, validateConfig, validateWidgetConfig, widgetOptions, type Dict } from './validate.js';
import type { Widget, WidgetParams } from './Widget.js';
import { WidgetApi } from './WidgetApi.js';

type Clean = CookieWidgetConfig & { engagementMedium: EngagementMedium };
type Context = { type: 'upsert'; user: User } | { type: 'cookie' };

const dict = (x: unknown): Dict => (isObject(x) ? x : {});

/** Requests widgets from the API and shows them as popup, embed or CTA. */
export class Widgets {
  api: WidgetApi;
  tenantAlias: string;
  domain: string;
  npmCdn: string;

  constructor(config: ConfigOptions) {
    const clean = validateConfig(config);
    this.tenantAlias = clean.tenantAlias;
    this.domain = clean.domain;
    this.npmCdn = clean.npmCdn;
    this.api = new WidgetApi(clean);
  }

  /** Upserts the user (call 2) and shows the widget. */
  async upsertUser(config: WidgetConfig): Promise<WidgetResult> {
    const clean = validateWidgetConfig(config);
    return this.#show(clean, () => this.api.upsertUser(clean), { type: 'upsert', user: clean.user });
  }

  /** Renders an existing user's widget (call 3) and shows it. */
  async render(config: WidgetConfig): Promise<WidgetResult> {
    const clean = validateWidgetConfig(config);
    return this.#show(clean, () => this.api.render(clean), { type: 'upsert', user: clean.user });
  }

  /** Shows the widget of the visitor known by cookie (call 1). */
  async createCookieUser(config: CookieWidgetConfig = {}): Promise<WidgetResult> {
    const clean = widgetOptions(dict(config));
    return this.#show(clean, () => this.api.cookieUser(clean), { type: 'cookie' });
  }

  /** Puts the visitor's referral code into the first element matching `selector`, or passes the reply to a function. */
  async autofill(selector: string | ((reply: ReferralCookie) => void)): Promise<void> {
    const input: unknown = selector;
    if (typeof input === 'function') return input(await this.api.squatchReferralCookie());
    if (typeof input !== 'string') throw new Error('Autofill accepts a string or function');
    let element: Element | null = null;
    try {
      element = document.querySelector(input);
    } catch {
      // An invalid selector finds nothing.
    }
    if (!element) throw new Error('Element id/class or function missing');
    const { code } = await this.api.squatchReferralCookie();
    if (code && 'value' in element) (element as HTMLInputElement).value = code;
  }

  async #show(config: Clean, call: () => Promise<unknown>, context: Context): Promise<WidgetResult> {
    try {
      const response = await call();
      return { widget: this.#renderWidget(response, config, context), user: dict(response).user as User };
    } catch (err) {
      log(err);
      if (isObject(err) && err.apiErrorCode) this.#renderErrorWidget(err, config.engagementMedium);
      throw err;
    }
  }

  #renderWidget(response: unknown, config: Clean, context: Context): Widget {
    if (!response) throw new Error('Unable to get a response');
    const { template, jsOptions, user: rawUser } = dict(response);
    const opts = dict(jsOptions);
    const user = dict(rawUser);
    const href = location.href;
    const { engagementMedium, container, trigger } = config;
    const { displayOnLoad, showAsCTA } = chooseDisplay(opts.widgetUrlMappings, user, href, config.displayOnLoad);
    fillFuelTank(opts.fuelTankAutofillUrls, user, href);
    const { html, cta } = extractCta(typeof template === 'string' ? template : '');
    const defaultType = dict(opts.widget).defaultWidgetType;
    const params: WidgetParams = {
      content: html,
      type: config.widgetType ?? (typeof defaultType === 'string' ? defaultType : undefined),
      api: this.api,
      context: { ...context, engagementMedium, container, trigger },
      identity: {
        tenantAlias: this.tenantAlias,
        accountId: user.accountId,
        userId: user.id,
        engagementMedium,
        programId: opts.programId,
      },
    };
    const button = dict(dict(opts.cta).content);
    const widget = showAsCTA
      ? new CtaWidget(params, ctaPlacement(button.buttonSide, button.buttonPosition), cta, trigger)
      : engagementMedium === 'EMBED'
        ? new EmbedWidget(params, container)
        : new PopupWidget(params, trigger);
    widget.load();
    if (displayOnLoad) widget.open();
    return widget;
  }

  /** Shows the error widget; a failure to show it must not hide the API error the caller gets. */
  #renderErrorWidget(err: Dict, medium: EngagementMedium): void {
    const embed = medium === 'EMBED';
    const params: WidgetParams = {
      content: errorDocument(String(err.rsCode ?? ''), !embed),
      type: 'ERROR_WIDGET',
      api: this.api,
      context: { type: 'error', engagementMedium: medium },
    };
    try {
      (embed ? new EmbedWidget(params) : new PopupWidget(params)).load();
    } catch (e) {
      log(e);
    }
  }
}
