import type { RawPlan } from '../api/billing';

/** A plan as the plans endpoint sends it: a $4.99 monthly plan without a trial, then `overrides`. */
export function rawPlan(id: string, overrides: Partial<RawPlan> = {}): RawPlan {
  return {
    id,
    name: id,
    product_id: 'sports-membership',
    frequency: 1,
    amount: '4.99',
    normal_amount: '4.99',
    first_billing_date: null,
    next_billing_date: null,
    step_up: null,
    trial_duration: 0,
    trial_duration_unit: 'day',
    featured: false,
    card_heading: 'Flexible Monthly',
    curation: '',
    cta_text: 'Get 4 Weeks for $4.99',
    badge: null,
    monthly_price: '4.99',
    discount_percent: 0,
    ...overrides,
  };
}
