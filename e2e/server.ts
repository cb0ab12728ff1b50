import { fileURLToPath } from 'node:url';

/**
 * Where the spec server listens. E2E_PORT lets two runs share a machine: each gets its own
 * port, database file and results folder.
 */
export const port = Number(process.env.E2E_PORT ?? 8765);
export const origin = `http://127.0.0.1:${port}`;
export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
export const databaseFile = `${repoRoot}var/e2e-${port}.db`;
export const databaseUrl = `sqlite:///${databaseFile}`;
/** The print system's shared secret for the home-delivery operator API in the spec server. */
export const homeDeliveryKey = 'e2e-home-delivery-key';
/** The shared secret of the decision rules' operator API in the spec server. */
export const decisionsKey = 'e2e-decisions-key';

/**
 * The scaled topology (`make run-scaled`: two web processes and a job worker on PostgreSQL and
 * Redis) where the core journeys run a second time (playwright.config.ts, project "scaled").
 * E2E_SCALED=0 leaves it out (a quick local run of one spec).
 */
export const scaledEnabled = process.env.E2E_SCALED !== '0';
export const scaledPort = port + 100;
export const scaledOrigin = `http://127.0.0.1:${scaledPort}`;
const postgresServer = process.env.PG_TEST_URL?.replace(/\/[^/]*$/, '') ?? 'postgresql+psycopg://postgres@127.0.0.1:5432';
export const scaledDatabaseUrl = `${postgresServer}/masthead_e2e_scaled_${port}`;
