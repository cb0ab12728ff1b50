import { Configured } from './Configured.js';
import { ctaPlacement, extractCta } from './cta.js';
import { CtaWidget } from './CtaWidget.js';
import { errorDocument } from './documents.js';
import { find } from './dom.js';
import { EmbedWidget } from './EmbedWidget.js';
import { log } from './log.js';
import { bootPopup, PopupWidget } from './PopupWidget.js';
import type { ConfigOptions, CookieWidgetConfig, ReferralCookie, User, WidgetConfig, WidgetResult } from './types.js';
import { chooseDisplay, fillFuelTank } from './urlRules.js';
import { fail, isObject, validateWidgetConfig, widgetOptions, type Dict } from './validate.js';
import type { Widget } from './Widget.js';
import { WidgetApi } from './WidgetApi.js';

const dict = (x: unknown): Dict => (isObject(x) ? x : {});

/** Requests widgets from the API and shows them as popup, embed or CTA. */
export class Widgets extends Configured {
  declare api: WidgetApi;

  constructor(config: ConfigOptions) {
    super(config);
    this.api = new WidgetApi(this);
  }

  /** Upserts the user (call 2) and shows the widget. */
  upsertUser(config: WidgetConfig): Promise<WidgetResult> {
    return this._show(config, 'upsertUser');
  }

  /** Renders an existing user's widget (call 3) and shows it. */
  render(config: WidgetConfig): Promise<WidgetResult> {
    return this._show(config, 'render');
  }

  /** Shows the widget of the visitor known by cookie (call 1). */
  createCookieUser(config: CookieWidgetConfig = {}): Promise<WidgetResult> {
    return this._show(config, 'cookieUser');
  }

  /** Puts the visitor's referral code into the first element matching `selector`, or passes the reply to a function. */
  async autofill(selector: string | ((reply: ReferralCookie) => void)): Promise<void> {
    const input: unknown = selector;
    if (typeof input == 'function') return input(await this.api.squatchReferralCookie());
    if (typeof input != 'string') fail('Autofill accepts a string or function');
    const element = find(input) ?? fail('Element id/class or function missing');
    const { code } = await this.api.squatchReferralCookie();
    if (code && 'value' in element) element.value = code;
  }

  private async _show(raw: unknown, call: 'upsertUser' | 'render' | 'cookieUser'): Promise<WidgetResult> {
    const cookie = call == 'cookieUser';
    const config = cookie ? widgetOptions(dict(raw)) : validateWidgetConfig(raw);
    const { engagementMedium, container, trigger, widgetType } = config;
    const reply = this.api[call](config as WidgetConfig);
    // A popup's sandboxed frame gets a renderer process of its own, whose start takes about as
    // long as the server's answer: start it now, with the request under way (PROTOCOL.md).
    const boot = engagementMedium == 'POPUP' ? bootPopup() : undefined;
    const embed = engagementMedium == 'EMBED';
    try {
      // Anything the server sends is read defensively: a missing or odd field is a default.
      const { template, jsOptions: opts, user } = ((await reply) || fail('Unable to get a response')) as Dict;
      const { widgetUrlMappings, fuelTankAutofillUrls, programId, widget: defaults, cta: ctaOptions } = dict(opts);
      const href = location.href;
      const { displayOnLoad, showAsCTA } = chooseDisplay(widgetUrlMappings, user, href, config.displayOnLoad);
      fillFuelTank(fuelTankAutofillUrls, user, href);
      const page = typeof template == 'string' ? template : '';
      // Only a CTA takes the template's #cta element out (which costs a parse).
      const { html, cta } = showAsCTA ? extractCta(page) : { html: page, cta: null };
      const { accountId, id: userId } = dict(user);
      const defaultType = dict(defaults).defaultWidgetType;
      const params = {
        content: html,
        type: widgetType ?? (typeof defaultType == 'string' ? defaultType : undefined),
        api: this.api,
        context: { ...(cookie ? { type: 'cookie' as const } : { type: 'upsert' as const, user: config.user as User }), engagementMedium, container, trigger },
        identity: { tenantAlias: this.tenantAlias, accountId, userId, engagementMedium, programId },
        boot,
      };
      const button = dict(dict(ctaOptions).content);
      const widget: Widget = showAsCTA
        ? new CtaWidget(params, ctaPlacement(button.buttonSide, button.buttonPosition), cta, trigger)
        : embed
          ? new EmbedWidget(params, container)
          : new PopupWidget(params, trigger);
      widget.load();
      if (displayOnLoad) widget.open();
      return { widget, user: user as User };
    } catch (err) {
      log(err);
      if (isObject(err) && err.apiErrorCode)
        try {
          // The error widget; a failure to show it must not hide the API error the caller gets.
          const params = {
            content: errorDocument(String(err.rsCode ?? ''), !embed),
            type: 'ERROR_WIDGET',
            api: this.api,
            context: { type: 'error' as const, engagementMedium },
            boot,
          };
          (embed ? new EmbedWidget(params) : new PopupWidget(params)).load();
        } catch (e) {
          log(e);
        }
      else boot?.[0].parentElement!.parentElement!.remove();
      throw err;
    }
  }
}
