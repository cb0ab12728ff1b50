import { log } from './log.js';
import { isObject, isText } from './validate.js';

/** jsOptions rules hold regular expressions tested against the page URL; a bad one never matches. */
export function matchesUrl(rule: unknown, href: string): boolean {
  if (!isText(rule)) return false;
  try {
    return new RegExp(rule).test(href);
  } catch {
    return false;
  }
}

const referralCode = (user: unknown): unknown =>
  isObject(user) && isObject(user.referredBy) ? user.referredBy.code : undefined;

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
  if (!Array.isArray(mappings)) return display;
  for (const rule of mappings) {
    if (!isObject(rule) || !matchesUrl(rule.url, href)) continue;
    if (rule.widgetType === 'CONVERSION_WIDGET' && !referralCode(user)) continue;
    display.displayOnLoad = rule.displayOnLoad === true;
    display.showAsCTA = rule.showAsCTA === true;
  }
  return display;
}

/** fuelTankAutofillUrls: on a matching page, a referred user's fuel-tank code fills formSelector. */
export function fillFuelTank(rules: unknown, user: unknown, href: string): void {
  if (!Array.isArray(rules) || !referralCode(user)) return;
  const referredBy = (user as { referredBy: Record<string, unknown> }).referredBy;
  const reward = isObject(referredBy.referredReward) ? referredBy.referredReward : {};
  for (const rule of rules) {
    if (!isObject(rule) || !matchesUrl(rule.url, href) || !isText(rule.formSelector)) continue;
    let field: Element | null = null;
    try {
      field = document.querySelector(rule.formSelector);
    } catch {
      // An invalid selector finds nothing.
    }
    if (field && 'value' in field) (field as HTMLInputElement).value = isText(reward.fuelTankCode) ? reward.fuelTankCode : '';
    else log('not found', rule.formSelector);
  }
}
