import { find } from './dom.js';
import { log } from './log.js';
import { isObject, isText, type Dict } from './validate.js';

/** jsOptions rules hold regular expressions tested against the page URL; a bad one never matches. */
export function matchesUrl(rule: unknown, href: string): boolean {
  try {
    return isText(rule) && new RegExp(rule).test(href);
  } catch {
    return false;
  }
}

/** The user's referredBy when it carries a code (a referred user), else undefined. */
export const referredBy = (user: unknown): Dict | undefined =>
  isObject(user) && isObject(user.referredBy) && user.referredBy.code ? user.referredBy : undefined;

export interface Display {
  displayOnLoad: boolean;
  showAsCTA: boolean;
}

/**
 * How to show the widget on this page: the last widgetUrlMappings entry whose url matches
 * decides. A CONVERSION_WIDGET mapping counts only for a user who was referred.
 */
export function chooseDisplay(mappings: unknown, user: unknown, href: string, displayOnLoad = false): Display {
  const display = { displayOnLoad, showAsCTA: false };
  for (const rule of Array.isArray(mappings) ? mappings : [])
    if (isObject(rule) && matchesUrl(rule.url, href) && (rule.widgetType != 'CONVERSION_WIDGET' || referredBy(user))) {
      display.displayOnLoad = rule.displayOnLoad === true;
      display.showAsCTA = rule.showAsCTA === true;
    }
  return display;
}

/**
 * jsOptions.conversionUrls: regular expressions of the pages where a referred user converts
 * (a thank-you page); there the widget shows as soon as it has loaded, as squatch-js 2.0 did.
 */
export const isConversionPage = (urls: unknown, user: unknown, href: string): boolean =>
  !!referredBy(user) && Array.isArray(urls) && urls.some((url) => matchesUrl(url, href));

/** fuelTankAutofillUrls: on a matching page, a referred user's fuel-tank code fills formSelector. */
export function fillFuelTank(rules: unknown, user: unknown, href: string): void {
  const referral = referredBy(user);
  const reward = referral && isObject(referral.referredReward) ? referral.referredReward : {};
  for (const rule of referral && Array.isArray(rules) ? rules : []) {
    if (!isObject(rule) || !matchesUrl(rule.url, href) || !isText(rule.formSelector)) continue;
    const field = find(rule.formSelector);
    if (field && 'value' in field) field.value = isText(reward.fuelTankCode) ? reward.fuelTankCode : '';
    else log('not found', rule.formSelector);
  }
}
