// Where the time of bench/widget_timing.mjs goes: one Chrome trace per run of each library,
// boiled down to a timeline relative to squatch.init (request sent, answer headers, answer end,
// the widget frame's boot document and its work on the template, commits and paints, the popup
// visible).
//
//   node bench/widget_trace.mjs [--runs 3] [--also path/to/other/squatch.min.js] [--keep dir] [--timeline] [--at-load]
//
// Same page, server and timing as widget_timing.mjs (fresh context per run, no routes while
// timed); the tracing itself slows every run a little, so read the gaps, not the totals.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startServer, waitReady } from './serverkit.mjs';
import { PAGE, freshPage, launchBrowser, timeAtLoad, timeToVisiblePopup } from './widget_page.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SQUATCH_JS = join(root, 'node_modules/@saasquatch/squatch-js/dist/squatch.min.js');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    also: { type: 'string' },
    keep: { type: 'string' },
    timeline: { type: 'boolean', default: false },
    'at-load': { type: 'boolean', default: false }, // as widget_timing.mjs --at-load
  },
});
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'navigation',
  'netlog',
  'disabled-by-default-netlog',
  '__metadata',
].join(',');

/** The milestones of one run, in ms after t0: the upsert's send, answer headers and end, the
 * frame's boot document (ours), the frame's work on the template (its first task after the
 * answer: start and end), the polyfill request (squatch-js), the marks. */
function phases(events) {
  const t0 = events.find((e) => e.name === 't0' && e.cat?.includes('user_timing'));
  const at = (e) => (e ? (e.ts - t0.ts) / 1000 : NaN);
  const mark = (name) => at(events.find((e) => e.name === name && e.cat?.includes('user_timing')));
  const page = t0.pid;
  const sent = events.find((e) => e.name === 'ResourceSendRequest' && e.pid === page && e.args.data.requestMethod === 'PUT' && e.ts > t0.ts);
  const id = sent?.args.data.requestId;
  const byId = (name) => events.find((e) => e.name === name && e.args?.data?.requestId === id);
  const replied = mark('replied');
  // Our frames' documents are data: URLs (in the page's process): the boot document's script, and
  // its message handler writing the template. squatch-js writes its frame from the page's own code.
  const inFrame = (e) => String(e.args?.data?.url ?? '').startsWith('data:');
  const frameWork = events
    .filter((e) => e.ph === 'X' && e.name === 'FunctionCall' && at(e) > replied - 1 && inFrame(e))
    .sort((a, b) => a.ts - b.ts)[0];
  // Before t0 when the library started the frame as it loaded.
  const frameBoot = events.find((e) => e.name === 'EvaluateScript' && inFrame(e));
  const poly = events.find((e) => e.name === 'ResourceSendRequest' && e.args.data.url?.includes('resize-observer'));
  const polyDone = poly && events.find((e) => e.name === 'ResourceFinish' && e.args?.data?.requestId === poly.args.data.requestId);
  return {
    send: at(sent), headers: at(byId('ResourceReceiveResponse')), finish: at(byId('ResourceFinish')), replied,
    bootReady: at(frameBoot), frameStart: at(frameWork), frameEnd: frameWork ? at(frameWork) + frameWork.dur / 1000 : NaN,
    frameCpu: frameWork?.tdur ? frameWork.tdur / 1000 : NaN,
    polyfillSent: at(poly), polyfillDone: at(polyDone), visible: mark('visible'),
  };
}

/** The trace's events of interest, as [ms after t0, process, what]. */
function timeline(trace) {
  const events = JSON.parse(trace).traceEvents ?? JSON.parse(trace);
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'process_name') names.set(e.pid, e.args.name);
  const t0 = events.find((e) => e.name === 't0' && e.cat?.includes('user_timing'));
  if (!t0) return ['no t0 mark'];
  const mainPid = t0.pid;
  const rows = [];
  const firstSeen = new Map();
  const add = (e, what) => rows.push([(e.ts - t0.ts) / 1000, `${names.get(e.pid) ?? 'pid'}:${e.pid}${e.pid === mainPid ? '(page)' : ''}`, what]);
  for (const e of events) {
    if (!e.ts) continue;
    if (!firstSeen.has(e.pid)) firstSeen.set(e.pid, e);
    const d = e.args?.data ?? {};
    const url = typeof d.url === 'string' ? d.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70) : '';
    if (['replied', 'visible'].includes(e.name) && e.cat?.includes('user_timing')) add(e, `mark ${e.name}`);
    else if (e.name === 'ResourceSendRequest') add(e, `send ${d.requestMethod ?? ''} ${url}`);
    else if (e.name === 'ResourceReceiveResponse') {
      const t = d.timing;
      const detail = t ? ` (send ${t.sendStart.toFixed(1)} headers ${t.receiveHeadersEnd.toFixed(1)} ms after ${((t.requestTime * 1e6 - t0.ts) / 1000).toFixed(1)})` : '';
      add(e, `response ${d.statusCode} ${d.requestId}${detail}`);
    } else if (e.name === 'ResourceFinish') add(e, `finish ${d.requestId} ${d.encodedDataLength ?? ''}B`);
    else if (e.name === 'FrameCommittedInBrowser') add(e, `frame committed in process ${d.processId} ${url || d.name || ''}`);
    else if (e.name === 'CommitLoad' || e.name === 'ParseHTML' && e.ph === 'X') add(e, `${e.name} ${url} ${e.dur ? (e.dur / 1000).toFixed(1) + 'ms' : ''}`);
    else if (e.name === 'RenderFrameImpl::didCommitNavigation' || e.name === 'RenderFrameImpl::CreateFrame') add(e, e.name);
    else if (e.name === 'firstPaint' || e.name === 'firstContentfulPaint') add(e, e.name);
    else if (e.name === 'Paint' && e.ph === 'X') add(e, `Paint ${(e.dur / 1000).toFixed(1)}ms`);
    else if (e.name === 'EvaluateScript' && e.ph === 'X') add(e, `EvaluateScript ${url} ${(e.dur / 1000).toFixed(1)}ms`);
    else if (e.name === 'FunctionCall' && e.ph === 'X' && e.dur > 2000) add(e, `FunctionCall ${(e.dur / 1000).toFixed(1)}ms`);
    else if (e.name === 'Layout' && e.ph === 'X' && e.dur > 1000) add(e, `Layout ${(e.dur / 1000).toFixed(1)}ms`);
    else if (e.name === 'UpdateLayoutTree' && e.ph === 'X' && e.dur > 1000) add(e, `Style ${(e.dur / 1000).toFixed(1)}ms`);
  }
  for (const [pid, e] of firstSeen)
    if (e.ts > t0.ts - 2e6) add(e, `first event of process ${pid} (${names.get(pid) ?? '?'})`);
  return rows
    .filter(([ms]) => ms > -50 && ms < 1000)
    .sort((a, b) => a[0] - b[0])
    .map(([ms, who, what]) => `${ms.toFixed(1).padStart(8)}  ${who.padEnd(22)} ${what}`);
}

async function traceOne(browser, base, library, id, script) {
  const { context, page } = await freshPage(browser);
  try {
    let times;
    if (args['at-load']) {
      await browser.startTracing(undefined, { categories: CATEGORIES.split(',') });
      times = await timeAtLoad(page, base, id, script.file ? { file: script.file } : { src: script.url });
    } else {
      await page.route(`${base}/bench/page`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE(script.url) }));
      if (script.file) await page.route(script.url, (route) => route.fulfill({ contentType: 'text/javascript', body: readFileSync(script.file) }));
      // From before the page loads: a library may start work when its script runs.
      await browser.startTracing(undefined, { categories: CATEGORIES.split(',') });
      await page.goto(`${base}/bench/page`);
      await page.waitForFunction(() => typeof window.squatch?.init === 'function');
      await page.unrouteAll({ behavior: 'wait' });
      times = await page.evaluate(timeToVisiblePopup, { domain: base, id });
    }
    await page.waitForTimeout(100);
    const trace = (await browser.stopTracing()).toString();
    if (args.keep) writeFileSync(join(args.keep, `${library}-${id}.json`), trace);
    const events = JSON.parse(trace).traceEvents ?? JSON.parse(trace);
    return { times, rows: timeline(trace), phases: phases(events) };
  } finally {
    await context.close();
  }
}

const work = mkdtempSync(join(tmpdir(), 'masthead-widget-trace-'));
const { base, server } = await startServer(work, { MASTHEAD_SEED_DEMO: 'true' });
let browser;
try {
  await waitReady(base, server, 30);
  browser = await launchBrowser();
  const scripts = {
    ours: { url: `${base}/widget/squatch.min.js` },
    'squatch-js': { url: `${base}/bench/squatch-js-2.6.3.min.js`, file: SQUATCH_JS },
    ...(args.also ? { also: { url: `${base}/bench/also.min.js`, file: args.also } } : {}),
  };
  const all = Object.fromEntries(Object.keys(scripts).map((library) => [library, []]));
  for (let i = 0; i < Number(args.runs) + 1; i++)
    for (const [library, script] of Object.entries(scripts)) {
      const { times, rows, phases: p } = await traceOne(browser, base, library, `trace-${Date.now().toString(36)}-${library}-${i}`, script);
      if (i === 0) continue; // warm-up
      all[library].push(p);
      if (!args.timeline) continue;
      console.log(`\n== ${library} run ${i}: replied ${times.replied.toFixed(1)} ms, visible ${times.visible.toFixed(1)} ms`);
      console.log(rows.join('\n'));
    }
  const median = (xs) => {
    const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
    return s.length ? (s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
  };
  console.log(`\nMilestones, ms after squatch.init (medians of ${args.runs} traced runs)`);
  const keys = Object.keys(Object.values(all)[0][0]);
  console.log('library'.padEnd(12) + keys.map((k) => k.padStart(13)).join(''));
  for (const [library, runs] of Object.entries(all))
    console.log(library.padEnd(12) + keys.map((k) => median(runs.map((r) => r[k])).toFixed(1).padStart(13)).join(''));
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
