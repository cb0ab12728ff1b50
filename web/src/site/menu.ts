/** The membership menu's rules: the spec's breakpoints and when a click closes it. */

/** Spec section 9: mobile at 989px or less, desktop at 990px or more. */
export const MOBILE_MAX_WIDTH = 989;
export const DESKTOP_MIN_WIDTH = 990;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export type MenuLayout = 'mobile' | 'desktop';

export function layoutForWidth(width: number): MenuLayout {
  return width >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/** A click closes the open menu unless it lands inside the menu or on its toggle (which toggles). */
export function closesMenu(target: EventTarget | null, panel: Element | null, toggle: Element | null): boolean {
  if (!(target instanceof Node)) return true;
  return !(panel?.contains(target) ?? false) && !(toggle?.contains(target) ?? false);
}
