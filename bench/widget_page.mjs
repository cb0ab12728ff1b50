// The widget benchmarks' browser, merchant page and the timing that runs in it
// (widget_timing.mjs, widget_trace.mjs). timeToVisiblePopup is serialised into the page: it must
// stay self-contained.
import { chromium } from '@playwright/test';

/** Headless Chromium without the background work (QUIC, sync, updates) that would add noise. */
export const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });

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
