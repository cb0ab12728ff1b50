// Time from squatch.init to a visible popup, in Chromium: Masthead's library against the
// official squatch-js 2.6.3, both loading the demo tenant's widget from the same Masthead
// server in the same run. Prints medians and the ratio (target: ours / squatch-js <= 0.7).
//
//   node bench/widget_timing.mjs [--runs 20] [--warmup 2] [--also path/to/other/squatch.min.js] [--at-load]
//
// --at-load calls init as the page is parsed, right after the library's script (from a script
// at the end of the body), instead of a while after the page has loaded: a library that starts
// work when its script runs gets no head start.
// The page is then written into a blank document of the server (document.open/write), so no
// Playwright route is set at any time.
//
// --also times a third script in the same alternation (say, an earlier build of ours), so a
// before/after comparison sees the same server and the same machine load.
//
// Starts Masthead like the e2e config does (a temp SQLite file, demo content seeded) on a
// free port. Each run is a fresh browser context, left alone for half a second first (the
// browser's own work on a new window: widget_page.mjs, freshPage): Playwright serves a blank merchant page on
// the server's origin with one library, the page loads it, then the page times
// init -> widgets().upsertUser(POPUP) -> widget.open() -> the popup is showing and its frame
// has been sized to the template (its height attribute is set, which both libraries do once
// the template has laid out). The libraries alternate, each run with a new user.
//
// Playwright serves the page and the script, then stops routing before the clock starts: while
// any route is set Playwright holds every request of the page (the widget calls too) until its
// Node process lets it go, which adds latency to both libraries that no real page has, and
// makes it depend on how busy the browser process is. squatch-js writes a resize polyfill from
// its CDN into the frame and waits for it: both libraries get `npmCdn` pointing at the local
// server, where that script is a quick 404 (squatch-js is timed without the CDN's latency: in
// its favour; Masthead's library ignores npmCdn).
// No assertions beyond "it ran": exit 1 only when something failed to run.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PYTHON, startServer, waitReady } from './serverkit.mjs';
import { PAGE, freshPage, launchBrowser, timeAtLoad, timeToVisiblePopup } from './widget_page.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const OURS = join(root, 'widget/dist/squatch.min.js');
const SQUATCH_JS = join(root, 'node_modules/@saasquatch/squatch-js/dist/squatch.min.js');
const TARGET = 0.7;
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '2' },
    also: { type: 'string' },
    'at-load': { type: 'boolean', default: false },
  },
});
const AT_LOAD = args['at-load'];
const ALSO = args.also;
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);

for (const [file, hint] of [
  [OURS, 'npm run build:widget'],
  ...(ALSO ? [[ALSO, 'the --also script']] : []),
  [SQUATCH_JS, 'npm install (devDependency @saasquatch/squatch-js@2.6.3)'],
  [PYTHON, 'make setup'],
]) {
  if (!existsSync(file)) {
    console.error(`widget_timing: ${file} is missing (${hint})`);
    process.exit(1);
  }
}

async function timeOne(browser, base, library, id) {
  const { context, page } = await freshPage(browser);
  try {
    if (AT_LOAD) {
      const file = { 'squatch-js': SQUATCH_JS, also: ALSO }[library];
      const times = await timeAtLoad(page, base, id, file ? { file } : { src: `${base}/widget/squatch.min.js` });
      await page.frameLocator('body > dialog[open] iframe, body > div[role="dialog"] iframe').getByRole('heading', { name: 'Refer a friend' }).first().waitFor({ state: 'visible', timeout: 10_000 });
      return times;
    }
    const script = {
      ours: `${base}/widget/squatch.min.js`,
      'squatch-js': `${base}/bench/squatch-js-2.6.3.min.js`,
      also: `${base}/bench/also.min.js`,
    }[library];
    await page.route(`${base}/bench/page`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE(script) }));
    await page.route(`${base}/bench/squatch-js-2.6.3.min.js`, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: readFileSync(SQUATCH_JS) }),
    );
    if (ALSO)
      await page.route(`${base}/bench/also.min.js`, (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(ALSO) }));
    await page.goto(`${base}/bench/page`);
    await page.waitForFunction(() => typeof window.squatch?.init === 'function');
    await page.unrouteAll({ behavior: 'wait' });
    const foreign = [];
    page.on('request', (request) => new URL(request.url()).origin !== base && foreign.push(request.url()));
    const times = await page.evaluate(timeToVisiblePopup, { domain: base, id });
    if (foreign.length) throw new Error(`${library} asked another site: ${foreign.join(', ')}`);
    // "It ran": the template is really on screen.
    const frame = page.frameLocator('dialog[open] iframe, body > div[role="dialog"] iframe');
    await frame.getByRole('heading', { name: 'Refer a friend' }).waitFor({ state: 'visible', timeout: 10_000 });
    return times;
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

const work = mkdtempSync(join(tmpdir(), 'masthead-widget-timing-'));
const { base, server } = await startServer(work, { MASTHEAD_SEED_DEMO: 'true' });

let browser;
try {
  await waitReady(base, server, 30);
  browser = await launchBrowser();
  const libraries = ['ours', 'squatch-js', ...(ALSO ? ['also'] : [])];
  const times = Object.fromEntries(libraries.map((library) => [library, []]));
  const stamp = Date.now().toString(36);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Rotate which library goes first, so none always meets a warmer server.
    const order = libraries.map((_, k) => libraries[(i + k) % libraries.length]);
    for (const library of order) {
      const run = await timeOne(browser, base, library, `bench-${stamp}-${library}-${i}`);
      if (i >= WARMUP) times[library].push(run);
    }
  }
  const ms = (x) => x.toFixed(1).padStart(10);
  const row = (name, runs) => {
    const visible = runs.map((r) => r.visible);
    const reply = median(runs.map((r) => r.replied));
    const after = median(runs.map((r) => r.visible - r.replied));
    const answer = median(runs.map((r) => r.answer));
    return `${name.padEnd(24)}${ms(median(visible))}${ms(quantile(visible, 0.1))}${ms(quantile(visible, 0.9))}${ms(answer)}${ms(reply)}${ms(after)}`;
  };
  console.log(
    `Widget timing: init -> visible popup, Chromium, ${RUNS} runs each (+${WARMUP} warm-up), one Masthead server` +
      (AT_LOAD ? ', init as the page is parsed (--at-load)' : ''),
  );
  console.log(
    `${'library'.padEnd(24)}${'median'.padStart(10)}${'p10'.padStart(10)}${'p90'.padStart(10)}` +
      `${'answer'.padStart(10)}${'reply'.padStart(10)}${'after'.padStart(10)}   (ms, medians; answer: init to the upsert's first byte, reply: to upsertUser's result, after: from that to visible)`,
  );
  console.log(row('Masthead widget/dist', times.ours));
  console.log(row('squatch-js 2.6.3', times['squatch-js']));
  if (ALSO) console.log(row(ALSO.length > 24 ? `…${ALSO.slice(-23)}` : ALSO, times.also));
  const ratio = median(times.ours.map((r) => r.visible)) / median(times['squatch-js'].map((r) => r.visible));
  console.log(`ratio ours / squatch-js = ${ratio.toFixed(2)} (target <= ${TARGET}): ${ratio <= TARGET ? 'met' : 'NOT met'}`);
  if (ALSO) {
    const also = median(times.also.map((r) => r.visible)) / median(times['squatch-js'].map((r) => r.visible));
    console.log(`ratio --also / squatch-js = ${also.toFixed(2)}`);
  }
} catch (error) {
  console.error('widget_timing failed:', error);
  process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once('exit', resolve)));
  rmSync(work, { recursive: true, force: true });
}
