/**
 * The plan and discount forms, pure: their fields as text (what inputs hold), the checks a
 * marketer gets before anything is sent (the server checks the same again, and more), and
 * the conversions between a stored plan or discount and the form.
 */
import { z } from 'zod';
import type { Discount, DiscountIn, Plan, PlanIn } from './data';

// As the server's edit_schemas.py: more than 0, at most 2 decimals, at most 99999999.99.
const MONEY = /^(?!0*(\.0*)?$)\d{1,8}(\.\d{1,2})?$/;
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE = /^\d{1,5}$/;

export const ID_RULE = 'Letters, digits, hyphens (-) or underscores (_), such as sports-monthly. It cannot be changed later.';
export const MONEY_HINT = 'In dollars, such as 4.99.';
export const FREQUENCIES = [
  { value: '1', label: 'Every month' },
  { value: '6', label: 'Every six months' },
  { value: '12', label: 'Every year' },
] as const;

const money = (what: string) => z.string().trim().regex(MONEY, `Enter ${what} more than 0, with at most 2 decimals, such as 4.99.`);
const optionalMoney = (what: string) => z.union([z.literal(''), money(what)]);
const optionalDay = z.union([z.literal(''), z.string().regex(DAY, 'Enter a date.')]);
const id = z.string().trim().regex(ID, 'Use 1 to 64 letters, digits, hyphens or underscores, starting with a letter or a digit.');

export const planSchema = z
  .object({
    id,
    name: z.string().trim().min(1, 'Enter a name.').max(200, 'At most 200 characters.'),
    product_id: id,
    frequency: z.enum(['1', '6', '12']),
    amount: money('a price'),
    normal_amount: optionalMoney('a regular price'),
    trial_duration: z.string().trim().regex(WHOLE, 'Enter a whole number of days or months (0 for no trial).'),
    trial_duration_unit: z.enum(['day', 'month']),
    step_up_amount: optionalMoney('a step-up price'),
    step_up_date: optionalDay,
    first_billing_date: optionalDay,
    next_billing_date: optionalDay,
    featured: z.boolean(),
    card_heading: z.string().max(200, 'At most 200 characters.'),
    curation: z.string().max(1000, 'At most 1000 characters.'),
    position: z.string().trim().regex(WHOLE, 'Enter a whole number: cards are shown from the lowest.'),
    enabled: z.boolean(),
  })
  .superRefine((values, context) => {
    if (values.normal_amount && MONEY.test(values.amount) && Number(values.normal_amount) < Number(values.amount)) {
      context.addIssue({ code: 'custom', path: ['normal_amount'], message: 'The regular price cannot be below the price. Leave it empty when there is no discount.' });
    }
    if (Boolean(values.step_up_amount) !== Boolean(values.step_up_date)) {
      const path = values.step_up_amount ? 'step_up_date' : 'step_up_amount';
      context.addIssue({ code: 'custom', path: [path], message: 'Give the step-up price and its date together, or neither.' });
    }
    if (values.first_billing_date && values.next_billing_date && values.next_billing_date < values.first_billing_date) {
      context.addIssue({ code: 'custom', path: ['next_billing_date'], message: 'The next billing date cannot be before the first billing date.' });
    }
    const most = values.trial_duration_unit === 'month' ? 12 : 365;
    if (WHOLE.test(values.trial_duration) && Number(values.trial_duration) > most) {
      context.addIssue({ code: 'custom', path: ['trial_duration'], message: `A free trial is at most ${most} ${values.trial_duration_unit}s.` });
    }
    if (WHOLE.test(values.position) && Number(values.position) > 10000) {
      context.addIssue({ code: 'custom', path: ['position'], message: 'At most 10000.' });
    }
  });

export type PlanValues = z.infer<typeof planSchema>;
export const PLAN_FIELDS = [
  'id',
  'name',
  'product_id',
  'frequency',
  'amount',
  'normal_amount',
  'trial_duration',
  'trial_duration_unit',
  'step_up_amount',
  'step_up_date',
  'first_billing_date',
  'next_billing_date',
  'featured',
  'card_heading',
  'curation',
  'position',
  'enabled',
] as const satisfies readonly (keyof PlanValues)[];

export const NEW_PLAN: PlanValues = {
  id: '',
  name: '',
  product_id: 'sports-membership',
  frequency: '1',
  amount: '',
  normal_amount: '',
  trial_duration: '0',
  trial_duration_unit: 'day',
  step_up_amount: '',
  step_up_date: '',
  first_billing_date: '',
  next_billing_date: '',
  featured: false,
  card_heading: '',
  curation: '',
  position: '0',
  enabled: true,
};

/** A stored plan as the form shows it. */
export function planValues(plan: Plan): PlanValues {
  return {
    id: plan.id,
    name: plan.name,
    product_id: plan.product_id,
    frequency: String(plan.frequency) as PlanValues['frequency'],
    amount: plan.amount,
    normal_amount: plan.normal_amount ?? '',
    trial_duration: String(plan.trial_duration),
    trial_duration_unit: plan.trial_duration_unit,
    step_up_amount: plan.step_up_amount ?? '',
    step_up_date: plan.step_up_date ?? '',
    first_billing_date: plan.first_billing_date ?? '',
    next_billing_date: plan.next_billing_date ?? '',
    featured: plan.featured,
    card_heading: plan.card_heading,
    curation: plan.curation,
    position: String(plan.position),
    enabled: plan.enabled,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The form's (checked) values as the server takes them. */
export function planBody(values: PlanValues): PlanIn {
  return {
    id: values.id.trim(),
    name: values.name.trim(),
    product_id: values.product_id.trim(),
    frequency: Number(values.frequency) as PlanIn['frequency'],
    amount: values.amount.trim(),
    normal_amount: orNull(values.normal_amount),
    trial_duration: Number(values.trial_duration),
    trial_duration_unit: values.trial_duration_unit,
    step_up_amount: orNull(values.step_up_amount),
    step_up_date: orNull(values.step_up_date),
    first_billing_date: orNull(values.first_billing_date),
    next_billing_date: orNull(values.next_billing_date),
    featured: values.featured,
    card_heading: values.card_heading,
    curation: values.curation,
    position: Number(values.position),
    enabled: values.enabled,
  };
}

/** "$4.99 every month", "$39.99 every year". */
export function priceText(amount: string, frequency: number): string {
  const every = FREQUENCIES.find((item) => item.value === String(frequency))?.label.toLowerCase() ?? `every ${frequency} months`;
  return `$${amount} ${every}`;
}

/** What a price change means for the plan's members, said on the edit screen. */
export function membersNote(members: number): string {
  if (members === 0) return 'Nobody is on this plan now: a new price applies to everyone who subscribes from now on.';
  const who = members === 1 ? '1 member is' : `${members} members are`;
  const they = members === 1 ? 'that member keeps' : 'they keep';
  return `${who} on this plan. A new price is for new members and for members who switch to or restart this plan; ${they} the price they pay now. To raise the price of everyone on the plan, set a step-up price and date instead: each member is told by email 30 days before.`;
}

// Discounts

export const discountSchema = z.object({
  id,
  name: z.string().trim().min(1, 'Enter a name.').max(200, 'At most 200 characters.'),
  description: z.string().max(500, 'At most 500 characters.'),
  amount: money('an amount'),
  number_of_billing_cycles: z.union([z.literal(''), z.string().trim().regex(/^(?:[1-9]|[1-9]\d|1[01]\d|120)$/, 'Enter a number of billing cycles from 1 to 120, or leave it empty for every cycle.')]),
  plan_ids: z.array(z.string()),
  enabled: z.boolean(),
});

export type DiscountValues = z.infer<typeof discountSchema>;
export const DISCOUNT_FIELDS = ['id', 'name', 'description', 'amount', 'number_of_billing_cycles', 'plan_ids', 'enabled'] as const satisfies readonly (keyof DiscountValues)[];

export const NEW_DISCOUNT: DiscountValues = {
  id: '',
  name: '',
  description: '',
  amount: '',
  number_of_billing_cycles: '1',
  plan_ids: [],
  enabled: true,
};

export function discountValues(discount: Discount): DiscountValues {
  return {
    id: discount.id,
    name: discount.name,
    description: discount.description,
    amount: discount.amount,
    number_of_billing_cycles: discount.number_of_billing_cycles === null ? '' : String(discount.number_of_billing_cycles),
    plan_ids: [...discount.plan_ids],
    enabled: discount.enabled,
  };
}

export function discountBody(values: DiscountValues): DiscountIn {
  return {
    id: values.id.trim(),
    name: values.name.trim(),
    description: values.description,
    amount: values.amount.trim(),
    number_of_billing_cycles: values.number_of_billing_cycles.trim() === '' ? null : Number(values.number_of_billing_cycles),
    plan_ids: values.plan_ids,
    enabled: values.enabled,
  };
}

/** "$2 off the next 3 billing cycles", "$5 off every billing cycle". */
export function discountTerms(discount: Pick<Discount, 'amount' | 'number_of_billing_cycles'>): string {
  const cycles = discount.number_of_billing_cycles;
  if (cycles === null) return `$${discount.amount} off every billing cycle`;
  return cycles === 1 ? `$${discount.amount} off the next billing cycle` : `$${discount.amount} off the next ${cycles} billing cycles`;
}
