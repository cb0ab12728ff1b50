import type { Widget } from './Widget.js';

/** What a page passes to `squatch.init`. */
export interface ConfigOptions {
  tenantAlias: string;
  /** API host; default https://app.referralsaasquatch.com */
  domain?: string;
  /** Debug logging; also on when tenantAlias starts with "test". */
  debug?: boolean;
  /** Kept for squatch-js compatibility; this library never loads from a CDN. */
  npmCdn?: string;
}

export type Config = Required<ConfigOptions>;

/** A page that stores the referral cookie itself (after consent, say) sets this before the script loads. */
export interface AutoDropOptOut {
  SaaSquatchDoNotAutoDrop?: boolean;
}

/** How a page asks for a widget. */
export type EngagementMedium = 'POPUP' | 'EMBED';
export type WidgetType = 'REFERRER_WIDGET' | 'CONVERSION_WIDGET' | (string & {});
export type JWT = string;

export interface User {
  id: string;
  accountId: string;
  [key: string]: unknown;
}

interface WidgetOptions {
  widgetType?: WidgetType;
  engagementMedium?: EngagementMedium;
  /** Embed container: a selector or an element. */
  container?: HTMLElement | string;
  /** Popup trigger selector; default ".squatchpop". */
  trigger?: string;
  jwt?: JWT;
  locale?: string;
  displayOnLoad?: boolean;
}

export interface WidgetConfig extends WidgetOptions {
  user: User;
}

export interface CookieWidgetConfig extends WidgetOptions {
  user?: Record<string, unknown>;
}

/** Profile fields a registration form sends when the widget reloads. */
export interface ReloadParams {
  email?: string;
  firstName?: string;
  lastName?: string;
}

export type WidgetContext = {
  /** How the widget shows: as asked, or CTA when a URL mapping sets showAsCTA (spec section 4). */
  engagementMedium: EngagementMedium | 'CTA';
  container?: HTMLElement | string | undefined;
  trigger?: string | undefined;
} & ({ type: 'upsert'; user: User } | { type: 'cookie' | 'error' });

export interface WidgetResult {
  widget: Widget;
  user: User;
}

/** Reply of squatchcookiejson (call 5); `code` is filled in from `codes` when absent. */
export interface ReferralCookie {
  code?: string;
  codes?: unknown;
  encodedCookie?: string;
  [key: string]: unknown;
}

export interface UserEventInput {
  accountId: string;
  userId: string;
  events: unknown[];
}

export interface TrackOptions {
  jwt?: JWT;
}
