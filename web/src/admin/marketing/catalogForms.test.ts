/** The plan and discount forms: their checks, and plans and discounts to and from the form. */
import { describe, expect, it } from 'vitest';
import {
  NEW_DISCOUNT,
  NEW_PLAN,
  discountBody,
  discountSchema,
  discountTerms,
  discountValues,
  membersNote,
  planBody,
  planSchema,
  planValues,
  priceText,
  type PlanValues,
} from './catalogForms';
import type { Discount, Plan } from './data';

const PLAN: Plan = {
  id: 'sports-annual',
  name: 'Annual',
  product_id: 'sports-membership',
  frequency: 12,
  amount: '39.99',
  normal_amount: '59.88',
  first_billing_date: null,
  next_billing_date: null,
  step_up_amount: '44.99',
  step_up_date: '2027-01-01',
  trial_duration: 0,
  trial_duration_unit: 'day',
  featured: true,
  card_heading: '',
  curation: 'Best deal',
  position: 3,
  enabled: true,
  members: 12,
};

function problems(values: PlanValues): Record<string, string> {
  const checked = planSchema.safeParse(values);
  if (checked.success) return {};
  return Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const valid: PlanValues = { ...NEW_PLAN, id: 'sports-weekend', name: 'Weekend', amount: '1.99' };

describe('the plan form', () => {
  it('takes a plan and gives back the same plan', () => {
    const values = planValues(PLAN);
    expect(values.frequency).toBe('12');
    expect(values.first_billing_date).toBe('');
    const { members: _members, ...stored } = PLAN;
    expect(planBody(values)).toEqual(stored);
  });

  it('sends empty optional fields as nothing', () => {
    const body = planBody({ ...valid, normal_amount: ' ', step_up_date: '' });
    expect(body).toMatchObject({ normal_amount: null, step_up_amount: null, step_up_date: null, frequency: 1, trial_duration: 0, position: 0 });
    expect(problems(valid)).toEqual({});
  });

  it.each([
    [{ amount: '0' }, 'amount', 'Enter a price more than 0, with at most 2 decimals, such as 4.99.'],
    [{ amount: '4.999' }, 'amount', 'Enter a price more than 0, with at most 2 decimals, such as 4.99.'],
    [{ amount: '$4' }, 'amount', 'Enter a price more than 0, with at most 2 decimals, such as 4.99.'],
    [{ id: 'sports monthly' }, 'id', 'Use 1 to 64 letters, digits, hyphens or underscores, starting with a letter or a digit.'],
    [{ name: '  ' }, 'name', 'Enter a name.'],
    [{ normal_amount: '1.00' }, 'normal_amount', 'The regular price cannot be below the price. Leave it empty when there is no discount.'],
    [{ step_up_amount: '2.99' }, 'step_up_date', 'Give the step-up price and its date together, or neither.'],
    [{ step_up_date: '2027-01-01' }, 'step_up_amount', 'Give the step-up price and its date together, or neither.'],
    [{ first_billing_date: '2027-02-01', next_billing_date: '2027-01-01' }, 'next_billing_date', 'The next billing date cannot be before the first billing date.'],
    [{ trial_duration: '13', trial_duration_unit: 'month' as const }, 'trial_duration', 'A free trial is at most 12 months.'],
    [{ trial_duration: 'a week' }, 'trial_duration', 'Enter a whole number of days or months (0 for no trial).'],
    [{ position: '10001' }, 'position', 'At most 10000.'],
  ])('refuses %j', (changes, field, message) => {
    expect(problems({ ...valid, ...changes })[field]).toBe(message);
  });

  it('says what a price change means for the members', () => {
    expect(membersNote(0)).toMatch(/^Nobody is on this plan now/);
    expect(membersNote(1)).toMatch(/^1 member is on this plan\. .*that member keeps the price they pay now/);
    expect(membersNote(12)).toMatch(/^12 members are on this plan\. .*they keep the price/);
    expect(priceText('39.99', 12)).toBe('$39.99 every year');
    expect(priceText('4.99', 1)).toBe('$4.99 every month');
  });
});

describe('the discount form', () => {
  const discount: Discount = {
    id: 'stay-monthly-3',
    name: '3 months at $2.99',
    description: 'Stay with us.',
    amount: '2.00',
    number_of_billing_cycles: 3,
    plan_ids: ['sports-monthly'],
    purpose: 'cancel-flow',
    enabled: true,
  };

  it('takes a discount and gives back the same discount', () => {
    const { purpose: _purpose, ...stored } = discount;
    expect(discountBody(discountValues(discount))).toEqual(stored);
    expect(discountBody({ ...discountValues(discount), number_of_billing_cycles: '' }).number_of_billing_cycles).toBeNull();
  });

  it('checks amounts and cycles', () => {
    const base = { ...NEW_DISCOUNT, id: 'x', name: 'X', amount: '1' };
    expect(discountSchema.safeParse(base).success).toBe(true);
    expect(discountSchema.safeParse({ ...base, amount: '0.00' }).success).toBe(false);
    expect(discountSchema.safeParse({ ...base, number_of_billing_cycles: '121' }).success).toBe(false);
    expect(discountSchema.safeParse({ ...base, number_of_billing_cycles: '0' }).success).toBe(false);
    expect(discountSchema.safeParse({ ...base, number_of_billing_cycles: '120' }).success).toBe(true);
  });

  it('says its terms', () => {
    expect(discountTerms({ amount: '2.00', number_of_billing_cycles: 3 })).toBe('$2.00 off the next 3 billing cycles');
    expect(discountTerms({ amount: '5.00', number_of_billing_cycles: 1 })).toBe('$5.00 off the next billing cycle');
    expect(discountTerms({ amount: '1.00', number_of_billing_cycles: null })).toBe('$1.00 off every billing cycle');
  });
});
