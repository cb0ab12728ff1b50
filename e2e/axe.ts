import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from '@playwright/test';
import type * as Axe from 'axe-core';

declare global {
  interface Window {
    axe: typeof Axe;
  }
}

export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core as each frame of the page gets it, configured once:
 * - frames answer the top document's axe only from its own origin (our pages' frames are the
 *   console's srcdoc previews and the widget's frames, all same-origin);
 * - a rule of our own, target-size-alone: axe's target-size rule judging size alone. That
 *   rule passes a target that is big enough (its target-size check) or far enough from others
 *   (target-offset); reflow.ts's smallTargets keeps only the first. axe's own rule is left as
 *   it is, for WCAG 2.2's 2.5.8 with its spacing exception.
 */
const axeSetup = `${readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')}
;axe.configure({
  allowedOrigins: ['<same_origin>'],
  rules: [{
    id: 'target-size-alone', selector: '*', matches: 'widget-not-inline-matches', enabled: false,
    impact: 'serious', tags: [], all: [], any: ['target-size'], none: [],
    metadata: { description: 'Every pointer target is at least 24 by 24 px itself', help: 'Targets must be at least 24 by 24 px' },
  }],
});`;

/**
 * Puts axe-core into every frame of the page that does not have it yet: once per document,
 * not once per check. @axe-core/playwright's AxeBuilder evaluated axe's 560 kB twice in every
 * frame on every check, and returned every passing node too: about 170 ms a check before axe
 * ran at all, more than the run itself on most of our screens, and the checks are many.
 * A frame that goes away or never answers (still loading) is left out, as AxeBuilder did.
 */
async function injectAxe(page: Page): Promise<void> {
  const inject = async (frame: Frame) => {
    if (!(await frame.evaluate('typeof window.axe === "object"'))) await frame.evaluate(axeSetup);
  };
  await Promise.all(
    page.frames().map((frame) =>
      Promise.race([inject(frame), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(() => undefined),
    ),
  );
}

/** The page once it has settled: a page still fetching may be between two renders, and axe
 * would judge a state no reader sees. Pages that never go quiet (a widget frame polling) are
 * judged after three seconds. Then axe-core in every frame. */
export async function readyForAxe(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  await injectAxe(page);
}

/** The serious and critical axe-core violations of the page, each with the elements it names:
 * by default of the rules for WCAG 2.1 A and AA and axe's best practices. */
export async function seriousViolations(page: Page, tags = TAGS) {
  await readyForAxe(page);
  return page.evaluate(async (tags) => {
    const results = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  }, tags);
}
