/**
 * The referral screens' forms, pure: their zod rules (the server's, said before sending),
 * the values a stored tenant or programme fills them with, and the bodies they send.
 */
import { z } from 'zod';
import type { Programme, ProgrammeIn, Tenant, TenantChange, TenantIn } from './data';
import { originsFromText } from './origins';

export const ALIAS = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const ALIAS_RULE = 'Lower-case letters, digits, - and _ (at most 64), starting with a letter or digit. Merchant pages name it; it never changes.';
export const SLUG_RULE = 'Lower-case letters, digits, - and _ (at most 64). Widgets and referral cookies name it; it never changes.';
const EVENT_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;
export const MAX_CONVERSION_KEYS = 20;
export const MAX_JS_OPTIONS_CHARS = 20_000;
export const MODES = [
  { value: 'test', label: 'Test: widgets work without a user JWT (never in production)' },
  { value: 'live', label: 'Live: every widget call needs a user JWT signed with the API key' },
] as const;

const name = (what: string) => z.string().trim().min(1, `Give the ${what} a name.`).max(200, 'At most 200 characters.');

const origins = z.string().superRefine((text, ctx) => {
  const result = originsFromText(text);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
});

/** The widget options: a JSON object (or nothing), at most MAX_JS_OPTIONS_CHARS once sent. */
export function jsOptionsFromText(text: string): { ok: true; options: Record<string, unknown> } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, options: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'The widget options are not valid JSON.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'The widget options must be a JSON object: { … }.' };
  }
  if (JSON.stringify(parsed).length > MAX_JS_OPTIONS_CHARS) {
    return { ok: false, message: `The widget options are longer than ${MAX_JS_OPTIONS_CHARS.toLocaleString('en-US')} characters of JSON.` };
  }
  return { ok: true, options: parsed as Record<string, unknown> };
}

const jsOptions = z.string().superRefine((text, ctx) => {
  const result = jsOptionsFromText(text);
  if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
});

export const NEW_TENANT_FIELDS = ['alias', 'name', 'mode', 'origins'] as const;
export const newTenantSchema = z.object({
  alias: z.string().trim().regex(ALIAS, `The alias: ${ALIAS_RULE}`),
  name: name('tenant'),
  mode: z.enum(['test', 'live']),
  origins,
});
export type NewTenantValues = z.infer<typeof newTenantSchema>;
export const NEW_TENANT: NewTenantValues = { alias: '', name: '', mode: 'test', origins: '' };

export const TENANT_FIELDS = ['name', 'mode', 'origins', 'jsOptions'] as const;
export const tenantSchema = z.object({ name: name('tenant'), mode: z.enum(['test', 'live']), origins, jsOptions });
export type TenantValues = z.infer<typeof tenantSchema>;

function originList(text: string): string[] {
  const result = originsFromText(text);
  return result.ok ? result.origins : [];
}

export function newTenantBody(values: NewTenantValues): TenantIn {
  return { alias: values.alias.trim(), name: values.name.trim(), mode: values.mode, allowed_origins: originList(values.origins) };
}

export function tenantValues(tenant: Tenant): TenantValues {
  const options = Object.keys(tenant.js_options).length ? JSON.stringify(tenant.js_options, null, 2) : '';
  return { name: tenant.name, mode: tenant.mode, origins: tenant.allowed_origins.join('\n'), jsOptions: options };
}

export function tenantChange(values: TenantValues): TenantChange {
  const options = jsOptionsFromText(values.jsOptions);
  return {
    name: values.name.trim(),
    mode: values.mode,
    allowed_origins: originList(values.origins),
    js_options: options.ok ? options.options : {},
  };
}

/** Conversion keys as typed: separated by commas, spaces or lines; repeats dropped. */
export function keysFromText(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

export const PROGRAMME_FIELDS = ['slug', 'name', 'referrer_reward', 'referred_reward', 'conversion_keys', 'landing_url'] as const;
const reward = (what: string) => z.string().trim().min(1, `Write ${what}.`).max(255, 'At most 255 characters.');
export const programmeSchema = z.object({
  slug: z.string().trim().regex(ALIAS, `The programme id: ${SLUG_RULE}`),
  name: name('programme'),
  referrer_reward: reward('what the referrer gets'),
  referred_reward: reward('what the referred friend gets'),
  conversion_keys: z.string().superRefine((text, ctx) => {
    const keys = keysFromText(text);
    if (keys.length === 0) ctx.addIssue({ code: 'custom', message: 'Give at least one event key, such as purchase.' });
    else if (keys.length > MAX_CONVERSION_KEYS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_CONVERSION_KEYS} event keys.` });
    const bad = keys.find((key) => !EVENT_KEY.test(key));
    if (bad) ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 40)}" is not an event key: use letters, digits, _ . : or - (at most 100).` });
  }),
  landing_url: z
    .string()
    .trim()
    .max(2048, 'At most 2,048 characters.')
    .regex(/^https?:\/\/[^\s/?#]+\S*$/i, 'Write a full address starting with https:// (or http://), such as https://shop.example/join.'),
});
export type ProgrammeValues = z.infer<typeof programmeSchema>;
export const NEW_PROGRAMME: ProgrammeValues = {
  slug: '',
  name: '',
  referrer_reward: '',
  referred_reward: '',
  conversion_keys: 'purchase',
  landing_url: '',
};

export function programmeValues(programme: Programme): ProgrammeValues {
  return {
    slug: programme.slug,
    name: programme.name,
    referrer_reward: programme.referrer_reward,
    referred_reward: programme.referred_reward,
    conversion_keys: programme.conversion_keys.join(', '),
    landing_url: programme.landing_url,
  };
}

export function programmeBody(values: ProgrammeValues): ProgrammeIn {
  return {
    slug: values.slug.trim(),
    name: values.name.trim(),
    referrer_reward: values.referrer_reward.trim(),
    referred_reward: values.referred_reward.trim(),
    conversion_keys: keysFromText(values.conversion_keys),
    landing_url: values.landing_url.trim(),
  };
}

/** "3 of 40 codes left" and the like, with a warning when few are left. */
export function codesText(codes: { total: number; used: number; left: number; low: boolean }): { text: string; warning: string | null } {
  if (codes.total === 0) return { text: 'No code bank: referred friends get the reward’s words without a code.', warning: null };
  const text = `${codes.left.toLocaleString('en-US')} of ${codes.total.toLocaleString('en-US')} codes left (${codes.used.toLocaleString('en-US')} given).`;
  if (codes.left === 0) return { text, warning: 'The code bank is empty: referred friends now get the reward without a code. Upload more codes.' };
  if (codes.low) return { text, warning: `Only ${codes.left} ${codes.left === 1 ? 'code is' : 'codes are'} left: upload more before the bank runs dry.` };
  return { text, warning: null };
}
