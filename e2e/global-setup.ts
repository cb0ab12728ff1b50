import { existsSync } from 'node:fs';
import { prepareStaff } from './staff';

/** The server serves the built account area: a missing build would fail every spec obscurely. */
export default async function globalSetup(): Promise<void> {
  for (const shell of ['account.html', 'admin.html']) {
    if (!existsSync(new URL(`../web/dist/${shell}`, import.meta.url))) {
      throw new Error(`web/dist/${shell} is missing: run \`npm run build\` before \`npm run e2e\`.`);
    }
  }
  // The staff console's specs each get an admin of their own (e2e/staff.ts).
  await prepareStaff();
}
