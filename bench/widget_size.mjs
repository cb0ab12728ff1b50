// Gzip size of the classic widget script beside squatch-js 2.6.3 and the size target.
// Fails (exit 1) only when the script has not been built.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const file = fileURLToPath(new URL('../widget/dist/squatch.min.js', import.meta.url));
const SQUATCH_JS_2_6_3 = 13687;
const TARGET = 5000;

if (!existsSync(file)) {
  console.error(`widget_size: ${file} is missing; build it with: npx vite build -c widget/vite.config.ts`);
  process.exit(1);
}

const raw = readFileSync(file);
const gzip = gzipSync(raw, { level: 9 }).length;
const row = (name, bytes) => `${name.padEnd(34)}${bytes.toLocaleString('en-US').padStart(8)} B`;
console.log(row('widget/dist/squatch.min.js (raw)', raw.length));
console.log(row('widget/dist/squatch.min.js (gzip)', gzip));
console.log(row('squatch-js 2.6.3 (gzip)', SQUATCH_JS_2_6_3));
console.log(row('target (gzip)', TARGET));
console.log(
  `${((gzip / SQUATCH_JS_2_6_3) * 100).toFixed(0)}% of squatch-js; ` +
    (gzip <= TARGET ? 'within the target' : `${(gzip - TARGET).toLocaleString('en-US')} B over the target`),
);
