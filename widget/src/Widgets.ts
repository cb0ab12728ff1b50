import { loadChunk } from './chunks.js';
import { Configured } from './Configured.js';
import { EmbedWidget } from './EmbedWidget.js';
import { log } from './log.js';
import { bootPopup, PopupWidget } from './PopupWidget.js';
import type { ConfigOptions, CookieWidgetConfig, ReferralCookie, User, WidgetConfig, WidgetResult } from './types.js';
import { chooseDisplay, isConversionPage, referredBy } from './urlRules.js';
import { fail, isObject, isText, validateWidgetConfig, widgetOptions, type Dict } from './validate.js';
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
    return (await loadChunk('autofill')).autofill(this.api, selector);
  }

  private async _show(raw: unknown, call: 'upsertUser' | 'render' | 'cookieUser'): Promise<WidgetResult> {
    const cookie = call == 'cookieUser';
    const config = cookie ? widgetOptions(dict(raw)) : validateWidgetConfig(raw);
    const { engagementMedium, container, trigger, widgetType } = config;
    const reply = this.api[call](config as WidgetConfig);
    // A popup's frame takes a while to load its boot document, so it starts with the request under
    // way: the one the script started early, else one started now (PROTOCOL.md).
    // (Not from a script in the head, before the page has a body: the popup is made later.)
    const boot = engagementMedium == 'POPUP' && document.body ? bootPopup() : undefined;
    const embed = engagementMedium == 'EMBED';
    try {
      // Anything the server sends is read defensively: a missing or odd field is a default.
      const { template, jsOptions: opts, user } = ((await reply) || fail('Unable to get a response')) as Dict;
      const { widgetUrlMappings, conversionUrls, fuelTankAutofillUrls, programId, widget: defaults, cta: ctaOptions } = dict(opts);
      const href = location.href;
      const { displayOnLoad, showAsCTA } = chooseDisplay(widgetUrlMappings, user, href, config.displayOnLoad);
      // A CTA is an engagement medium of its own (spec section 4): its analytics say so.
      const medium = showAsCTA ? ('CTA' as const) : engagementMedium;
      // Only a referred user's page with fuel-tank rules needs the code that fills them in.
      if (referredBy(user) && Array.isArray(fuelTankAutofillUrls) && fuelTankAutofillUrls.length)
        (await loadChunk('autofill')).fillFuelTank(fuelTankAutofillUrls, user, href);
      const ctaChunk = showAsCTA ? await loadChunk('cta') : undefined;
      const { accountId, id: userId } = dict(user);
      const defaultType = dict(defaults).defaultWidgetType;
      const params = {
        content: isText(template) ? template : '',
        type: widgetType ?? (isText(defaultType) ? defaultType : undefined),
        api: this.api,
        context: { ...(cookie ? { type: 'cookie' as const } : { type: 'upsert' as const, user: config.user as User }), engagementMedium: medium, container, trigger },
        identity: { tenantAlias: this.tenantAlias, accountId, userId, engagementMedium: medium, programId },
        boot,
      };
      const widget: Widget = ctaChunk
        ? ctaChunk.ctaWidget(params, ctaOptions, trigger)
        : embed
          ? new EmbedWidget(params, container)
          : new PopupWidget(params, trigger);
      widget.load();
      if (displayOnLoad || isConversionPage(conversionUrls, user, href)) widget.open();
      return { widget, user: user as User };
    } catch (err) {
      log(err);
      if (isObject(err) && err.apiErrorCode)
        // A failure to show the error widget must not hide the API error the caller gets.
        await loadChunk('documents')
          .then((chunk) => chunk.showErrorWidget(err, this.api, engagementMedium, boot))
          .catch(log);
      else boot?.[0].parentElement!.parentElement!.remove();
      throw err;
    }
  }
}
