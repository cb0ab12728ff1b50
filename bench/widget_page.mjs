// The widget benchmarks' browser, merchant page and the timing that runs in it
// (widget_timing.mjs, widget_trace.mjs). timeToVisiblePopup is serialised into the page: it must
// stay self-contained.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Headless Chromium without the background work (QUIC, sync, updates) that would add noise. */
export const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

/**
 * A new context's page, once the browser is done with its own work for the new window: headless
 * Chromium builds each window's omnibox popup (a renderer loading about 300 chrome:// resources)
 * in the few hundred ms after the window opens, which a reader's browser did at start-up. Timed
 * during that work, either library is slowed at random by it (on 2 cores, by up to 100 ms).
 */
export async function freshPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.waitForTimeout(500);
  return { context, page };
}

export const PAGE = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget timing</title>
<link rel="icon" href="data:,"><script src="${script}"></script></head>
<body><h1>Widget timing</h1><button type="button" class="squatchpop">Refer a friend</button></body></html>`;

/** Runs in the page: init -> upsertUser -> open, until the popup shows a sized frame. */
export async function timeToVisiblePopup({ domain, id }) {
  const shown = () => {
    const popup = document.querySelector('dialog[open], body > div[role="dialog"]');
    if (!popup || getComputedStyle(popup).visibility !== 'visible') return false;
    const frame = popup.querySelector('iframe');
    return Number(frame?.getAttribute('height')) > 100;
  };
  performance.mark('t0'); // widget_trace.mjs reads the marks from its Chrome trace
  const start = performance.now();
  window.squatch.init({ tenantAlias: 'test_masthead', domain, npmCdn: `${domain}/widget` });
  const { widget } = await window.squatch.widgets().upsertUser({
    user: { id, accountId: id },
    widgetType: 'REFERRER_WIDGET',
    engagementMedium: 'POPUP',
  });
  performance.mark('replied');
  const replied = performance.now() - start;
  widget.open();
  await new Promise((resolve) => {
    if (shown()) return resolve();
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  performance.mark('visible');
  const visible = performance.now() - start;
  // When the upsert's answer started to arrive (Resource Timing): the server and the network,
  // apart from what the library does with the answer.
  const put = performance.getEntriesByType('resource').find((e) => e.name.includes('/upsert'));
  return { replied, visible, answer: put ? put.responseStart - start : NaN };
}

/**
 * --at-load: the page, with the timing at the end of its body, written into a blank document of
 * the server (document.open/write: no Playwright route at any time), so init runs as the page is
 * parsed. A library that does nothing when its script runs (squatch-js) is given as `file` and run
 * into the window (which document.open keeps) first; else `src` loads it from the page's head.
 */
export async function timeAtLoad(page, base, id, { file, src = '' }) {
  await page.goto(`${base}/bench/blank`); // the server's 404 page: its origin
  if (file) await page.addScriptTag({ content: readFileSync(file, 'utf8') });
  const script = file ? '' : `<script src="${src}"></script>`;
  const timing = `<script>window.timing = (${timeToVisiblePopup})(${JSON.stringify({ domain: base, id })})</script>`;
  // (Replacer functions: no $ pattern of the texts is interpreted.)
  const html = PAGE('').replace('<script src=""></script>', () => script).replace('</body>', () => `${timing}</body>`);
  await page.evaluate((text) => {
    document.open();
    document.write(text);
    document.close();
  }, html);
  await page.waitForFunction(() => window.timing); // a written document may parse on later
  return page.evaluate(() => window.timing);
}
