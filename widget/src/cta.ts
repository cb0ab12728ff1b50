import { fail, isObject } from './validate.js';

export interface CtaPlacement {
  side: string;
  position: string;
}

const oneOf = (value: unknown, allowed: string[]): string => allowed.find((a) => a === value) ?? allowed[0]!;

/** jsOptions.cta.content.buttonSide / buttonPosition, each defaulting (bottom right). */
export const ctaPlacement = (side: unknown, position: unknown): CtaPlacement => ({
  side: oneOf(side, ['right', 'left', 'center']),
  position: oneOf(position, ['bottom', 'top', 'middle']),
});

/** The placement jsOptions.cta asks for (`content.buttonSide`, `content.buttonPosition`). */
export function ctaPlacementOf(options: unknown): CtaPlacement {
  const content = isObject(options) && isObject(options.content) ? options.content : {};
  return ctaPlacement(content.buttonSide, content.buttonPosition);
}

/** Fixed-position offsets of the CTA frame. */
export function ctaStyle({ side, position }: CtaPlacement): string {
  const middle = position == 'middle';
  return `${side == 'center' ? 'right:45%' : `${side}:${middle ? -10 : 20}px`};${middle ? 'top:45%' : `${position}:-10px`}`;
}

/**
 * Splits the template's #cta element off (the page shows it in its own frame). Parsing
 * with DOMParser is inert: nothing in the template runs or loads here.
 */
export function extractCta(template: string): { html: string; cta: string | null } {
  const doc = /\bid=["']?cta\b/i.test(template) ? new DOMParser().parseFromString(template, 'text/html') : null;
  const element = doc?.getElementById('cta');
  if (!doc || !element) return { html: template, cta: null };
  (element.parentNode ?? fail('ctaElement needs a parentNode')).removeChild(element);
  return { html: (doc.doctype ? '<!DOCTYPE html>' : '') + doc.documentElement.outerHTML, cta: element.innerHTML };
}
