// What the browser benchmarks share (the Node side of bench/loadkit.py): a free port, a
// Masthead server started on one, and waiting until it answers /readyz.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const PYTHON = join(root, 'server/.venv/bin/python');

export const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

export async function waitReady(base, server, seconds = 60) {
  for (let i = 0; i < seconds * 10; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready in ${seconds} s`);
}

/** Starts Masthead on a free port, its SQLite file in `work`, with `env` added to this
 * process's; wait for it with waitReady. */
export async function startServer(work, env = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(PYTHON, ['-m', 'masthead.serve', '--port', String(port)], {
    cwd: root,
    env: { ...process.env, MASTHEAD_DATABASE_URL: `sqlite:///${join(work, 'bench.db')}`, MASTHEAD_PUBLIC_URL: base, ...env },
    stdio: 'ignore',
  });
  return { base, server };
}
