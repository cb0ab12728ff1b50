import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * The serious and critical axe-core violations of the page once it has settled: a page still
 * fetching may be between two renders, and axe would judge a state no reader sees. Pages that
 * never go quiet (a widget frame polling) are judged after three seconds.
 *
 * axe runs in the page itself (AxeBuilder's legacy mode): its default opens a second page
 * for every check to merge the frames' results, which cost more than the check. Our pages'
 * frames (the console's srcdoc previews, the widget's frames) are same-origin, which axe
 * reaches this way too.
 */
export async function seriousViolations(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}
