// Gzip size of the story page's comments launcher and of the comments client it loads, beyond
// what the page's islands load anyway (the shared React chunk), against issue 15's targets:
// the launcher under 1 KB, the client at most 30 KB. Reads web/dist-site (npm run build:site);
// fails (exit 1) when it has not been built or a target is missed.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = (name) => fileURLToPath(new URL(`../web/dist-site/${name}`, import.meta.url));
const LAUNCHER = 'src/site/commentsLauncher.ts';
const CLIENT = 'src/comments/main.tsx';
const ISLANDS = 'src/site/islands.tsx';
const TARGETS = { launcher: 1024, client: 30 * 1024 };

if (!existsSync(dist('.vite/manifest.json'))) {
  console.error('comments_client_size: web/dist-site is not built; build with: npm run build:site');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(dist('.vite/manifest.json'), 'utf8'));
const gzip = (file) => gzipSync(readFileSync(dist(file)), { level: 9 }).length;
/** A chunk's file and every file it imports, transitively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const name of chunk.imports ?? []) closure(name, seen);
  return seen;
}
const islands = closure(ISLANDS);
const client = [...closure(CLIENT)].filter((file) => !islands.has(file));
const shared = [...closure(CLIENT)].filter((file) => islands.has(file));
const launcher = gzip(manifest[LAUNCHER].file);
const beyond = client.reduce((sum, file) => sum + gzip(file), 0);
const row = (name, bytes, target) => console.log(`${name.padEnd(52)}${bytes.toLocaleString('en-US').padStart(8)} B gzip   target ≤ ${target.toLocaleString('en-US')} B`);

row(`launcher (${manifest[LAUNCHER].file})`, launcher, TARGETS.launcher);
row(`client beyond the islands (${client.join(', ')})`, beyond, TARGETS.client);
console.log(`shared with the islands, already on the page: ${shared.join(', ') || 'nothing'}`);
const preloaded = (manifest[ISLANDS].imports ?? []).map((name) => manifest[name]?.file);
if (client.some((file) => preloaded.includes(file))) console.log('the client is among the islands’ imports: preloaded before paint');
if (launcher > TARGETS.launcher || beyond > TARGETS.client) process.exit(1);
