// The JavaScript a story page loads, and whether the story is painted before any of it runs.
//
//   node bench/site_js.mjs [--runs 5]
//
// Starts Masthead like the e2e config does (a temp SQLite file, demo content seeded) on a
// free port and opens a members-only story in Chromium:
// - as an anonymous reader (the paywall shows its offer): the scripts the page loaded once
//   the offer is rendered, gzip bytes (level 9) each and in all;
// - as a subscriber (registered and subscribed through the API, the sandbox's
//   fake-valid-visa-nonce): the scripts loaded once the paywall has opened and the body is
//   appended, and nothing else is on its way (network idle).
// Target: 75 KB (75,000 bytes) or less in all, React included.
// The page's inline scripts that run (the paint gate, server/masthead/site/paint_gate.js)
// count in the totals too. Paint: the page fetches the islands' module through modulepreload
// (nothing runs) and the gate adds it once the first contentful paint has happened; its first
// statement (before React's own code) marks "islands". Each run, in a fresh context (cold
// cache) and again on a reload (warm cache), compares that mark with the first contentful
// paint and the story headline's and largest text's paint times (Element Timing, LCP); the
// last column counts the runs where all of the story's text was painted before it.
// No assertions beyond "it ran": exit 1 only when something failed to run.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { PYTHON, startServer, waitReady } from './serverkit.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const MANIFEST = join(root, 'web/dist-site/.vite/manifest.json');
const STORY = '/2026/11/22/rangers-rally-from-three-down-to-stun-bruins-in-overtime/';
const TARGET = 75_000;
const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(args.runs);

for (const [file, hint] of [
  [MANIFEST, 'npm run build:site'],
  [PYTHON, 'make setup'],
]) {
  if (!existsSync(file)) {
    console.error(`site_js: ${file} is missing (${hint})`);
    process.exit(1);
  }
}

/** Scripts the page fetched: url -> gzip bytes of the body. */
function collectScripts(page) {
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(response.url()).pathname, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a redirect or an aborted load has no body
    }
  });
  return scripts;
}

/** Runs in the page: paint times and the islands' first statement, in ms from navigation. */
async function paintTimes() {
  const observed = (type) =>
    new Promise((resolve) => {
      const entries = [];
      new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({ type, buffered: true });
      setTimeout(() => resolve(entries), 300);
    });
  const [elements, largest] = await Promise.all([observed('element'), observed('largest-contentful-paint')]);
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
  const headline = elements.find((entry) => entry.identifier === 'story-headline')?.renderTime ?? NaN;
  const text = largest.find((entry) => entry.element?.closest('.story'));
  const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
  return {
    fcp,
    headline,
    largestText: text ? text.renderTime || text.startTime : NaN,
    islandsStart: mark('masthead:islands-start'),
  };
}

async function visit(context, base, ready) {
  const page = await context.newPage();
  const scripts = collectScripts(page);
  await page.goto(`${base}${STORY}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((script) => !script.src && script.type !== 'application/json').map((script) => script.text),
  );
  inline.forEach((text, n) => scripts.set(`(inline script ${n + 1})`, gzipSync(text, { level: 9 }).length));
  const cold = await page.evaluate(paintTimes);
  await page.reload();
  await ready(page);
  const warm = await page.evaluate(paintTimes);
  await page.close();
  return { scripts, cold, warm };
}

const offerShown = (page) => page.locator('#paywall a.button').waitFor();
const bodyAppended = (page) => page.locator('[data-members-body]').waitFor();

async function subscriberContext(browser, base, n) {
  const context = await browser.newContext();
  const identity = { identifiers: { email_address: `js-bench-${n}-${Date.now()}@example.com` }, validators: { password: 'Bench-Password-1' } };
  const registered = await context.request.post(`${base}/blaize/register`, { data: { ...identity, attributes: { 'full-name': 'Bench Member' } } });
  if (!registered.ok()) throw new Error(`register: ${registered.status()}`);
  const subscribed = await context.request.post(`${base}/blaize/payment/braintree/subscribe`, {
    data: { plan_id: 'sports-annual', product_id: 'sports-membership', payment_nonce: 'fake-valid-visa-nonce' },
  });
  if (!subscribed.ok()) throw new Error(`subscribe: ${subscribed.status()} ${await subscribed.text()}`);
  return context;
}

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
const kb = (bytes) => `${bytes.toLocaleString('en-US')} B`;
const total = (scripts) => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);

const work = mkdtempSync(join(tmpdir(), 'masthead-site-js-'));
const { base, server } = await startServer(work, { MASTHEAD_RATE_LIMIT_PER_ADDRESS: '1000000' });
let failed = false;
let browser;
try {
  await waitReady(base, server);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const runs = { anonymous: [], subscriber: [] };
  for (let n = 0; n < RUNS; n++) {
    const anonymous = await browser.newContext();
    runs.anonymous.push(await visit(anonymous, base, offerShown));
    await anonymous.close();
    const member = await subscriberContext(browser, base, n);
    runs.subscriber.push(await visit(member, base, bodyAppended));
    await member.close();
  }

  const before = runs.anonymous[0].scripts;
  const after = runs.subscriber[0].scripts;
  console.log(`Story page JavaScript, gzip level 9 (${STORY})`);
  console.log('Before the paywall opens (anonymous reader, offer shown):');
  for (const [path, bytes] of before) console.log(`  ${path.padEnd(44)}${kb(bytes).padStart(10)}`);
  console.log(`  ${'in all'.padEnd(44)}${kb(total(before)).padStart(10)}`);
  console.log('After the paywall opens (subscriber, body appended, network idle):');
  for (const [path, bytes] of after) console.log(`  ${path.padEnd(44)}${kb(bytes).padStart(10)}`);
  console.log(`  ${'in all'.padEnd(44)}${kb(total(after)).padStart(10)}`);
  const most = Math.max(total(before), total(after));
  console.log(`target ${kb(TARGET)} or less in all: ${most <= TARGET ? 'met' : 'NOT met'} (${kb(most)})`);

  console.log(`\nPaint before script, ${RUNS} runs per row, medians in ms from navigation start`);
  console.log(
    `${'visit'.padEnd(24)}${'FCP'.padStart(8)}${'headline'.padStart(10)}${'text LCP'.padStart(10)}` +
      `${'islands'.padStart(9)}  painted before the islands`,
  );
  for (const [who, list] of Object.entries(runs)) {
    for (const cache of ['cold', 'warm']) {
      const rows = list.map((run) => run[cache]);
      const painted = (r) => Math.max(r.fcp, r.headline, r.largestText);
      const beforeIslands = rows.filter((r) => painted(r) < r.islandsStart).length;
      console.log(
        `${`${who}, ${cache} cache`.padEnd(24)}${median(rows.map((r) => r.fcp)).toFixed(1).padStart(8)}` +
          `${median(rows.map((r) => r.headline)).toFixed(1).padStart(10)}${median(rows.map((r) => r.largestText)).toFixed(1).padStart(10)}` +
          `${median(rows.map((r) => r.islandsStart)).toFixed(1).padStart(9)}  ` +
          `${beforeIslands}/${rows.length}`,
      );
    }
  }
} catch (error) {
  failed = true;
  console.error('site_js failed:', error);
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
