/**
 * Staff for the console's specs: TOTP codes (RFC 6238, node:crypto), and admins made the way a
 * real admin would make them.
 *
 * The demo seeds one admin, staff@example.com, with no authenticator app. Specs run in
 * parallel, and the server accepts each 30-second code of an account once, so specs cannot
 * share an account's codes. The global setup (prepareStaff) therefore enrols the demo admin
 * once, and through the console's API grants a fresh account per spec label its roles
 * (STAFF_ACCOUNTS), enrolling each; a spec uses only its own label's account. Each account's
 * secret and the last time step it used are kept in var/e2e-<port>-staff/<label>.json.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { newReader, registerByApi, type Reader } from './helpers';
import { origin, port, repoRoot } from './server';

/**
 * One account per spec that needs one, with the roles it holds: add a label here for a new
 * spec (a role's own account proves that role is enough, where an admin would prove nothing).
 */
export const STAFF_ACCOUNTS = {
  signin: ['admin'],
  roles: ['admin'],
  forbidden: ['admin'],
  axe: ['admin'],
  reflow: ['admin'],
  'shots-desktop': ['admin'],
  'shots-phone': ['admin'],
  'static-pages': ['editor'],
  'static-pages-phone': ['editor'],
  editor: ['editor'],
  'editor-axe': ['editor'],
  'editor-phone': ['editor'],
  referrals: ['marketing'],
  'referrals-phone': ['marketing'],
  support: ['support'],
  'support-phone': ['support'],
  dashboard: ['marketing'],
  'dashboard-phone': ['support'],
  marketing: ['marketing'],
  'marketing-catalogue': ['marketing'],
  'marketing-phone': ['marketing'],
  moderator: ['moderator'],
  events: ['editor'],
  'events-onboarding': ['editor'],
  'newsletter-lists': ['editor'],
  'newsletter-lists-phone': ['editor'],
  'newsletter-lists-support': ['support'],
  feedback: ['support'],
  'feedback-phone': ['support'],
  'feedback-editor': ['editor'],
} as const satisfies Record<string, readonly string[]>;
export type StaffLabel = keyof typeof STAFF_ACCOUNTS;

export const DEMO_STAFF = { email: 'staff@example.com', password: 'Masthead-Staff-1' };

const STEP_SECONDS = 30;
const dir = `${repoRoot}var/e2e-${port}-staff`;
const failureFile = `${dir}/setup-failed.txt`;

export interface StaffAccount {
  label: string;
  email: string;
  password: string;
  secret: string;
  /** The last time step a code of this account was used for: the server refuses it again. */
  lastStep: number;
}

// RFC 4648 base32, as authenticator apps read the secret.
function base32Bytes(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** RFC 6238 with an authenticator app's settings: HMAC-SHA1, 30-second steps, 6 digits. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  return ((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).toString().padStart(6, '0');
}

export function currentStep(): number {
  return Math.floor(Date.now() / 1000 / STEP_SECONDS);
}

/**
 * A code the server will take: for a step after the last one used. The server accepts the
 * step either side of now, so three codes are good at once (the step before, while it has
 * more than a few seconds left to count, now's and the next); beyond that, wait.
 */
export async function freshCode(account: StaffAccount): Promise<string> {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  const earliest = intoStep < STEP_SECONDS - 5 ? currentStep() - 1 : currentStep();
  const step = Math.max(earliest, account.lastStep + 1);
  const waitMs = (step - 1) * STEP_SECONDS * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 250));
  account.lastStep = step;
  save(account);
  return totp(account.secret, step);
}

function save(account: StaffAccount): void {
  writeFileSync(`${dir}/${account.label}.json`, JSON.stringify(account));
}

/** The spec's own staff account (made by the global setup). */
export function staffAccount(label: StaffLabel): StaffAccount {
  let failure = '';
  try {
    failure = readFileSync(failureFile, 'utf8');
  } catch {
    // no failure recorded
  }
  if (failure) throw new Error(`The global setup could not make the staff accounts: ${failure}`);
  return JSON.parse(readFileSync(`${dir}/${label}.json`, 'utf8')) as StaffAccount;
}

/** Console API calls change state only with the site's own Origin, as a browser sends it. */
export async function consoleApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: origin, extraHTTPHeaders: { Origin: origin } });
}

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : ((await response.json()) as unknown);
}

/** Password step; answers what comes next ("code" or "enrol"). */
async function startSignIn(api: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = (await ok(await api.post('/admin/api/session', { data: { email, password } }), `sign-in of ${email}`)) as { next: string };
  return answer.next;
}

/** Enrols an account that has a role and no app yet; its context is then signed in. */
export async function enrolByApi(api: APIRequestContext, label: string, email: string, password: string): Promise<StaffAccount> {
  expect(await startSignIn(api, email, password)).toBe('enrol');
  const { secret } = (await ok(await api.get('/admin/api/session/enrolment'), 'enrolment')) as { secret: string };
  // A new secret: no step of it is used yet.
  const step = currentStep();
  await ok(await api.post('/admin/api/session/enrolment', { data: { code: totp(secret, step) } }), `enrolment of ${email}`);
  return { label, email, password, secret, lastStep: step };
}

/** A console API context signed in as the account (password and a fresh code). */
export async function signInByApi(account: StaffAccount): Promise<APIRequestContext> {
  const api = await consoleApi();
  expect(await startSignIn(api, account.email, account.password)).toBe('code');
  await ok(await api.post('/admin/api/session/code', { data: { code: await freshCode(account) } }), `code of ${account.email}`);
  return api;
}

/** Sets a member's roles as an admin does (the sign-in just made counts as the step-up). */
export async function setRolesByApi(api: APIRequestContext, email: string, roles: string[]): Promise<void> {
  await ok(await api.put(`/admin/api/staff/${encodeURIComponent(email)}`, { data: { roles } }), `roles of ${email}`);
}

/** A new Masthead account with the given roles, not enrolled yet: its first sign-in enrols. */
export async function newStaffMember(admin: APIRequestContext, label: string, roles: string[]): Promise<Reader> {
  const person = newReader(label, 'Staff', 'Member');
  const anonymous = await consoleApi();
  await registerByApi(anonymous, person);
  await anonymous.dispose();
  await setRolesByApi(admin, person.email, roles);
  return person;
}

/** Signs in at /admin/sign-in as an enrolled account and waits for the console. */
export async function signInInBrowser(page: Page, account: StaffAccount, path = '/admin/sign-in'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code').fill(await freshCode(account));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
}

/**
 * The global setup's part: enrol the demo admin, then make and enrol one account per label.
 * A failure is written down for the staff specs to report, instead of failing every spec.
 */
export async function prepareStaff(): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const demo = await consoleApi();
    await enrolByApi(demo, 'demo', DEMO_STAFF.email, DEMO_STAFF.password);
    for (const [label, roles] of Object.entries(STAFF_ACCOUNTS)) {
      const person = await newStaffMember(demo, `staff-${label}`, [...roles]);
      const own = await consoleApi();
      save(await enrolByApi(own, label, person.email, person.password));
      await own.dispose();
    }
    await demo.dispose();
  } catch (error) {
    writeFileSync(failureFile, error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}
