/**
 * The referral widget library, imported as an ES module (no global script, no side effects at
 * import) into its own lazy chunk, fetched only when a referral page shows a widget.
 */
export type WidgetLibrary = typeof import('@masthead/widget');

export function loadWidgetLibrary(): Promise<WidgetLibrary> {
  return import('@masthead/widget');
}
