// What the browser benchmarks share (the Node side of bench/loadkit.py): a free port, and
// waiting until the Masthead server they started answers /readyz.
import { createServer } from 'node:net';

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
