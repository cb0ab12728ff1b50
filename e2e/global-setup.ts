import { existsSync } from 'node:fs';

/** The server serves the built account area: a missing build would fail every spec obscurely. */
export default function globalSetup(): void {
  const shell = new URL('../web/dist/account.html', import.meta.url);
  if (!existsSync(shell)) {
    throw new Error('web/dist/account.html is missing: run `npm run build` before `npm run e2e`.');
  }
}
