// Gzip size of the classic widget script and of the chunks it loads on first use, beside
// squatch-js 2.6.3 (one script) and the size target. Fails (exit 1) only when it has not been built.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = (name) => fileURLToPath(new URL(`../widget/dist/${name}`, import.meta.url));
const SQUATCH_JS_2_6_3 = 13687;
const TARGET = 5000;
// The chunks the totals below name (CHUNKS in widget/vite.config.ts); every squatch-*.js is listed.
const NAMED = ['cta', 'documents', 'autofill'];

const missing = ['squatch.min.js', ...NAMED.map((c) => `squatch-${c}.js`)].filter((f) => !existsSync(dist(f)));
if (missing.length) {
  console.error(`widget_size: ${missing.join(', ')} missing in widget/dist; build with: npm run build:widget`);
  process.exit(1);
}
const files = ['squatch.min.js', ...readdirSync(dist('.')).filter((f) => /^squatch-.*\.js$/.test(f)).sort()];

const size = {};
for (const f of files) {
  const raw = readFileSync(dist(f));
  size[f] = { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length };
}
const core = size['squatch.min.js'].gzip;
const fmt = (bytes) => `${bytes.toLocaleString('en-US').padStart(8)} B`;
const row = (name, bytes, note = '') => console.log(`${name.padEnd(48)}${fmt(bytes)}${note}`);

console.log('file (gzip; raw)');
for (const f of files) row(`widget/dist/${f}`, size[f].gzip, `   (${size[f].raw.toLocaleString('en-US')} B raw)`);
console.log('\nbytes a page loads to show (gzip; each file is its own request)');
const totals = {
  'a popup (core)': core,
  'an embed (core)': core,
  'a CTA (core + cta)': core + size['squatch-cta.js'].gzip,
  'an error widget or registration follow-up': core + size['squatch-documents.js'].gzip,
  'share-link landing, autofill (core + autofill)': core + size['squatch-autofill.js'].gzip,
  'everything (core + every chunk)': files.reduce((sum, f) => sum + size[f].gzip, 0),
};
for (const [what, bytes] of Object.entries(totals)) row(what, bytes);
console.log('');
row('squatch-js 2.6.3 (gzip, everything)', SQUATCH_JS_2_6_3);
row('target (gzip)', TARGET);
const verdict = (name, bytes) =>
  `${name}: ${((bytes / SQUATCH_JS_2_6_3) * 100).toFixed(0)}% of squatch-js; ` +
  (bytes <= TARGET ? 'within the target' : `${(bytes - TARGET).toLocaleString('en-US')} B over the target`);
console.log(verdict('the classic script (popup, embed)', core));
console.log(verdict('a CTA (core + cta chunk)', totals['a CTA (core + cta)']));
