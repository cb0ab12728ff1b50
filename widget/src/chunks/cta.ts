// Chunk: the call-to-action button, for pages whose URL mapping asks for one.
import { ctaPlacementOf, extractCta } from '../cta.js';
import { CtaWidget } from '../CtaWidget.js';
import type { WidgetParams } from '../Widget.js';

export { CtaWidget };

/**
 * The CTA widget placed as jsOptions.cta says: the template's #cta element in the CTA frame,
 * the rest (`params.content`) in the popup.
 */
export function ctaWidget(params: WidgetParams, options: unknown, trigger?: string): CtaWidget {
  const { html, cta } = extractCta(params.content);
  return new CtaWidget({ ...params, content: html }, ctaPlacementOf(options), cta, trigger);
}
