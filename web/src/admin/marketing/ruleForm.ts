/**
 * The rule editor's form, pure: a decision rule's conditions and its feature's output as form
 * fields (text, choices, a list of plans), the checks before anything is sent (the server
 * checks again, and that plans and discounts exist), and the conversions between a stored
 * rule and the form. Conditions and outputs are the server's (decisions/rules.py, outputs.py).
 */
import { z } from 'zod';
import type { AccountStatus, Feature, Rule, RuleIn } from './data';

export const FEATURES: readonly { slug: Feature; name: string; what: string }[] = [
  { slug: 'available-plans', name: 'Plans offered', what: 'Which plans the payflow lists, in which order, with which badge and curation line.' },
  {
    slug: 'membership-entitlement-check',
    name: 'Members-only stories',
    what: 'Whether a reader may read members-only stories. A rule can only withhold this from members, never give it to others.',
  },
  { slug: 'cancel-flow-offer', name: 'Offer in the cancel dialog', what: 'The discount a member is offered when they go to cancel.' },
  { slug: 'text-campaigns', name: 'Article call to action', what: "The call to action's heading and the subtext on article pages." },
];

export const READERS = [
  { value: 'any', label: 'Anyone' },
  { value: 'signed-out', label: 'Signed-out visitors' },
  { value: 'signed-in', label: 'Signed-in readers' },
  { value: 'new', label: 'Signed-in readers who never had a free trial' },
  { value: 'had-trial', label: 'Signed-in readers who had a free trial' },
] as const;
export type ReaderKind = (typeof READERS)[number]['value'];

export const REGIONS = [
  { value: 'any', label: 'Anywhere' },
  { value: 'supported', label: 'Where memberships are sold' },
  { value: 'unsupported', label: 'Where memberships are not sold' },
] as const;
export type RegionKind = (typeof REGIONS)[number]['value'];

export const STATUSES: readonly { value: AccountStatus; label: string }[] = [
  { value: 'None', label: 'No membership (None)' },
  { value: 'Active', label: 'Active' },
  { value: 'Active_Pending', label: 'Active, a new plan pending (Active_Pending)' },
  { value: 'Cancelled_Active', label: 'Cancelled, paid until a later date (Cancelled_Active)' },
  { value: 'Canceled', label: 'Cancelled (Canceled)' },
  { value: 'Past Due', label: 'Payment past due (Past Due)' },
  { value: 'Paused', label: 'Paused' },
  { value: 'Active_Paused', label: 'Active, pausing (Active_Paused)' },
  { value: 'Pending', label: 'Starting later (Pending)' },
];

export const CATALOGUE_CHOICES = [
  { value: 'in-order', label: 'Every enabled plan, in catalogue order' },
  { value: 'without-trial-first', label: 'Every enabled plan, those without a free trial first' },
  { value: 'list', label: 'These plans, in this order' },
] as const;

export type Featured = 'plan' | 'yes' | 'no';
export type TextMode = 'page' | 'hide' | 'text';

export interface PlanChoiceValues {
  id: string;
  featured: Featured;
  curation: string;
}

const PATH = /^(\/.*)?$/;
const COUNTRY = /^[A-Za-z]{2}$/;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const WHOLE = /^\d{1,7}$/;

/** "US, ca" → ["US", "CA"]; words split on commas, spaces or new lines. */
export function listOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

const listCheck = (pattern: RegExp, message: string, most: number) =>
  z.string().superRefine((text, context) => {
    const items = listOf(text);
    const wrong = items.find((item) => !pattern.test(item));
    if (wrong !== undefined) context.addIssue({ code: 'custom', message: `“${wrong}”: ${message}` });
    else if (items.length > most) context.addIssue({ code: 'custom', message: `At most ${most}.` });
  });

const textMode = z.enum(['page', 'hide', 'text']);

export const ruleSchema = z
  .object({
    feature: z.enum(['available-plans', 'membership-entitlement-check', 'cancel-flow-offer', 'text-campaigns']),
    description: z.string().max(300, 'At most 300 characters.'),
    priority: z
      .string()
      .trim()
      .regex(WHOLE, 'Enter a whole number from 0 to 1000000: the lowest decides first.')
      .refine((text) => Number(text) <= 1_000_000, 'Enter a whole number from 0 to 1000000: the lowest decides first.'),
    enabled: z.boolean(),
    path: z.string().trim().max(300, 'At most 300 characters.').regex(PATH, 'A path starts with /, such as /account/subscribe. Leave it empty for every page.'),
    readers: z.enum(['any', 'signed-out', 'signed-in', 'new', 'had-trial']),
    statuses: z.array(z.string()),
    products: listCheck(/^\S{1,64}$/, 'a product id is 1 to 64 characters without spaces.', 20),
    plans: z.array(z.string()),
    region: z.enum(['any', 'supported', 'unsupported']),
    countries: listCheck(COUNTRY, 'a country is two letters, such as US.', 250),
    emails: listCheck(EMAIL, 'not an email address.', 100),
    catalogue: z.enum(['in-order', 'without-trial-first', 'list']),
    choices: z.array(z.object({ id: z.string(), featured: z.enum(['plan', 'yes', 'no']), curation: z.string().max(1000, 'At most 1000 characters.') })),
    entitled: z.enum(['yes', 'no']),
    discountId: z.string(),
    heading: z.string().max(200, 'At most 200 characters.'),
    text: z.string().max(1000, 'At most 1000 characters.'),
    acceptLabel: z.string().max(60, 'At most 60 characters.'),
    ctaHeadingMode: textMode,
    ctaHeading: z.string().max(200, 'At most 200 characters.'),
    subtextMode: textMode,
    subtext: z.string().max(500, 'At most 500 characters.'),
  })
  .superRefine((values, context) => {
    if (values.feature === 'available-plans' && values.catalogue === 'list') {
      if (values.choices.length === 0) context.addIssue({ code: 'custom', path: ['choices'], message: 'Add at least one plan, or offer every enabled plan.' });
      const ids = values.choices.map((choice) => choice.id);
      ids.forEach((planId, index) => {
        if (!planId) context.addIssue({ code: 'custom', path: ['choices', index, 'id'], message: 'Choose a plan.' });
        else if (ids.indexOf(planId) !== index) context.addIssue({ code: 'custom', path: ['choices', index, 'id'], message: 'This plan is in the list already.' });
      });
      if (values.choices.length > 50) context.addIssue({ code: 'custom', path: ['choices'], message: 'At most 50 plans.' });
    }
    if (values.feature === 'text-campaigns') {
      if (values.ctaHeadingMode === 'text' && !values.ctaHeading.trim()) context.addIssue({ code: 'custom', path: ['ctaHeading'], message: 'Enter the heading, or choose another option.' });
      if (values.subtextMode === 'text' && !values.subtext.trim()) context.addIssue({ code: 'custom', path: ['subtext'], message: 'Enter the subtext, or choose another option.' });
    }
  });

export type RuleValues = z.infer<typeof ruleSchema>;
export const RULE_FIELDS = [
  'feature',
  'description',
  'priority',
  'enabled',
  'path',
  'readers',
  'statuses',
  'products',
  'plans',
  'region',
  'countries',
  'emails',
  'catalogue',
  'choices',
  'entitled',
  'discountId',
  'heading',
  'text',
  'acceptLabel',
  'ctaHeadingMode',
  'ctaHeading',
  'subtextMode',
  'subtext',
] as const satisfies readonly (keyof RuleValues)[];

export const BLANK_RULE: RuleValues = {
  feature: 'available-plans',
  description: '',
  priority: '100',
  enabled: true,
  path: '',
  readers: 'any',
  statuses: [],
  products: '',
  plans: [],
  region: 'any',
  countries: '',
  emails: '',
  catalogue: 'in-order',
  choices: [],
  entitled: 'no',
  discountId: '',
  heading: '',
  text: '',
  acceptLabel: '',
  ctaHeadingMode: 'page',
  ctaHeading: '',
  subtextMode: 'page',
  subtext: '',
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

function oneOf<T extends string>(value: unknown, allowed: readonly { value: T }[], fallback: T): T {
  return allowed.find((item) => item.value === value)?.value ?? fallback;
}

function textModeOf(value: unknown): TextMode {
  if (typeof value !== 'string') return 'page';
  return value === '' ? 'hide' : 'text';
}

function choiceOf(item: unknown): PlanChoiceValues {
  if (typeof item === 'string') return { id: item, featured: 'plan', curation: '' };
  const raw = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const featured: Featured = raw.featured === true ? 'yes' : raw.featured === false ? 'no' : 'plan';
  return { id: text(raw.id), featured, curation: text(raw.curation) };
}

/** A stored rule (or a new one of `feature`) as the form shows it. */
export function ruleValues(rule: Rule | null, feature: Feature = 'available-plans'): RuleValues {
  if (rule === null) return { ...BLANK_RULE, feature };
  const c = rule.conditions;
  const o = rule.output;
  const listed = Array.isArray(o.plans);
  return {
    ...BLANK_RULE,
    feature: rule.feature,
    description: rule.description,
    priority: String(rule.priority),
    enabled: rule.enabled,
    path: text(c.path),
    readers: oneOf(c.readers, READERS, 'any'),
    statuses: texts(c.statuses),
    products: texts(c.products).join(', '),
    plans: texts(c.plans),
    region: oneOf(c.region, REGIONS, 'any'),
    countries: texts(c.countries).join(', '),
    emails: texts(c.emails).join('\n'),
    catalogue: listed ? 'list' : oneOf(o.catalogue, CATALOGUE_CHOICES, 'in-order'),
    choices: listed ? (o.plans as unknown[]).map(choiceOf) : [],
    entitled: o.entitled === true ? 'yes' : 'no',
    discountId: text(o.discountId),
    heading: text(o.heading),
    text: text(o.text),
    acceptLabel: text(o.acceptLabel),
    ctaHeadingMode: textModeOf(o.ctaHeading),
    ctaHeading: text(o.ctaHeading),
    subtextMode: textModeOf(o.subtext),
    subtext: text(o.subtext),
  };
}

/** The conditions that are set, as the server stores them (the rest hold for anyone). */
export function conditionsBody(values: RuleValues): Record<string, unknown> {
  const conditions: Record<string, unknown> = {};
  if (values.path.trim()) conditions.path = values.path.trim();
  if (values.readers !== 'any') conditions.readers = values.readers;
  if (values.statuses.length) conditions.statuses = values.statuses;
  if (listOf(values.products).length) conditions.products = listOf(values.products);
  if (values.plans.length) conditions.plans = values.plans;
  if (values.region !== 'any') conditions.region = values.region;
  if (listOf(values.countries).length) conditions.countries = listOf(values.countries).map((code) => code.toUpperCase());
  if (listOf(values.emails).length) conditions.emails = listOf(values.emails).map((email) => email.toLowerCase());
  return conditions;
}

function choiceBody(choice: PlanChoiceValues): { id: string; featured?: boolean; curation?: string } {
  return {
    id: choice.id,
    ...(choice.featured === 'plan' ? {} : { featured: choice.featured === 'yes' }),
    ...(choice.curation.trim() ? { curation: choice.curation.trim() } : {}),
  };
}

function modeText(mode: TextMode, value: string): { text?: string } {
  if (mode === 'page') return {};
  return { text: mode === 'hide' ? '' : value.trim() };
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/** The feature's output from the form. */
export function outputBody(values: RuleValues): Record<string, unknown> {
  switch (values.feature) {
    case 'available-plans':
      return values.catalogue === 'list' ? { plans: values.choices.map(choiceBody) } : { catalogue: values.catalogue };
    case 'membership-entitlement-check':
      return { entitled: values.entitled === 'yes' };
    case 'cancel-flow-offer': {
      const texts = { heading: optional(values.heading), text: optional(values.text), acceptLabel: optional(values.acceptLabel) };
      return { discountId: values.discountId || null, ...Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== null)) };
    }
    case 'text-campaigns': {
      const heading = modeText(values.ctaHeadingMode, values.ctaHeading).text;
      const subtext = modeText(values.subtextMode, values.subtext).text;
      return { ...(heading === undefined ? {} : { ctaHeading: heading }), ...(subtext === undefined ? {} : { subtext }) };
    }
  }
}

/** The form's (checked) values as the server takes a rule. */
export function ruleBody(values: RuleValues): RuleIn {
  return {
    feature: values.feature,
    description: values.description.trim(),
    priority: Number(values.priority),
    enabled: values.enabled,
    conditions: conditionsBody(values),
    output: outputBody(values),
  } as RuleIn;
}
