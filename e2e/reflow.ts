import { expect, type Page } from '@playwright/test';
import { readyForAxe } from './axe';

/** WCAG 2.2's narrowest width: 1.4.10 Reflow asks for no sideways scrolling at 320 CSS px. */
export const NARROWEST = { width: 320, height: 640 };
/** A phone's common width, then the narrowest. */
export const PHONE_WIDTHS = [375, NARROWEST.width] as const;

/**
 * Pointer targets under 24 × 24 px, measured by axe-core's target-size check (which finds
 * the widgets, leaves out links inline in a sentence — axe's widget-not-inline-matches — and
 * measures what of each is not covered by another). Stricter than WCAG 2.5.8 on purpose: its
 * spacing exception (axe's target-offset) is not taken, so every target is 24 × 24 itself.
 * Targets axe cannot judge (needs review) count too. Each entry names the element and why.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  await readyForAxe(page);
  return page.evaluate(async () => {
    const results = await window.axe.run(document, { runOnly: ['target-size-alone'], resultTypes: ['violations', 'incomplete'] });
    return [...results.violations, ...results.incomplete].flatMap((result) =>
      result.nodes.map((node) => `${node.target.join(' ')}: ${node.any.map((check) => check.message).join(' / ')}`),
    );
  });
}

/**
 * Elements that reach past the right edge of the window (so the page scrolls sideways), with
 * their widths; empty when the page fits. Elements inside something that clips or scrolls
 * its own overflow (a wide table in a scrolling box) do not widen the page and are not named.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= viewport) return [];
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = Array.from(element.classList).map((name) => `.${name}`).join('');
      return `${element.tagName.toLowerCase()}${id}${classes}`;
    };
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > viewport + 0.5 && !clipped(element))
      .map((element) => `${describe(element)} reaches ${Math.round(element.getBoundingClientRect().right)} px`);
    return [`the page is ${document.documentElement.scrollWidth} px wide in a ${viewport} px window`, ...culprits.slice(0, 8)];
  });
}

/**
 * The screen on the page fits: no sideways scrolling (1.4.10) and no target under 24 × 24 px,
 * at the window's width or at each of `widths` in turn. The window is resized, not the page
 * reloaded, as a reader turning a phone would; the layout reflows (media queries and resize
 * listeners both follow). Soft, so that one run names every screen that does not fit.
 */
export async function expectFits(page: Page, screen: string, widths?: readonly number[]): Promise<void> {
  const { width: current, height } = page.viewportSize() ?? NARROWEST;
  for (const width of widths ?? [current]) {
    if (width !== page.viewportSize()?.width) await page.setViewportSize({ width, height });
    await expect.soft(await sidewaysOverflow(page), `${screen} scrolls sideways at ${width} px`).toEqual([]);
    await expect.soft(await smallTargets(page), `${screen} has targets under 24 × 24 px at ${width} px`).toEqual([]);
  }
}
