import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The account area's and console's tests (web/) and the widget's (widget/) in one run: one
// pool of workers for both, so the second set does not wait for the first one's last files.
export default defineConfig({
  test: {
    projects: ['web/vite.config.ts', 'widget/vitest.config.ts'],
    // Vitest leaves a core to itself by default: on two cores that was one worker.
    maxWorkers: availableParallelism(),
  },
});
