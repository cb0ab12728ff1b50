import { describe, expect, it } from 'vitest';
import type { RawPlan } from '../../api/billing';
import {
  initialSubscriptionState,
  orderPlans,
  subscriptionReducer,
  type SubscriptionAction,
  type SubscriptionState,
} from './subscriptionReducer';
import { rawPlan } from '../../test/plans';

function plan(id: string, frequency: 1 | 6 | 12, extra: Partial<RawPlan> = {}): RawPlan {
  return rawPlan(id, { frequency, ...extra });
}

const reduce = (actions: SubscriptionAction[], from: SubscriptionState = initialSubscriptionState) => actions.reduce(subscriptionReducer, from);

describe('subscriptionReducer', () => {
  it('starts with no messages, not loading, nothing chosen', () => {
    expect(initialSubscriptionState).toEqual({
      globalErrorMessage: null,
      globalSuccessMessage: null,
      loading: false,
      payflow: { selectedPlanId: null, showPaymentForm: false },
    });
  });

  it('sets loading', () => {
    expect(reduce([{ type: 'SET_LOADING', loading: true }]).loading).toBe(true);
  });

  it('orders plans shortest interval first', () => {
    const plans = { a: plan('a', 12), b: plan('b', 1) };
    expect(orderPlans(plans).map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('keeps one global message at a time', () => {
    const withError = subscriptionReducer(initialSubscriptionState, { type: 'SET_GLOBAL_ERROR_MESSAGE', message: 'Declined' });
    expect(withError.globalErrorMessage).toBe('Declined');
    const withSuccess = subscriptionReducer(withError, { type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: 'Done' });
    expect(withSuccess).toMatchObject({ globalSuccessMessage: 'Done', globalErrorMessage: null });
    const cleared = subscriptionReducer(withSuccess, { type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: null });
    expect(cleared).toMatchObject({ globalSuccessMessage: null, globalErrorMessage: null });
  });

  it('drives the payflow: selected plan and payment form', () => {
    const next = reduce([
      { type: 'SET_SELECTED_PLAN', selectedPlanId: 'sports-monthly' },
      { type: 'SHOW_PAYMENT_FORM', showPaymentForm: true },
    ]);
    expect(next.payflow).toEqual({ selectedPlanId: 'sports-monthly', showPaymentForm: true });
  });

  it('RESET_SUBSCRIPTION goes back to the start', () => {
    const busy = reduce([{ type: 'SET_SELECTED_PLAN', selectedPlanId: 'a' }, { type: 'SET_LOADING', loading: true }]);
    expect(subscriptionReducer(busy, { type: 'RESET_SUBSCRIPTION' })).toEqual(initialSubscriptionState);
  });

  it('never mutates the state it is given', () => {
    const before = structuredClone(initialSubscriptionState);
    reduce([
      { type: 'SET_SELECTED_PLAN', selectedPlanId: 'a' },
      { type: 'SHOW_PAYMENT_FORM', showPaymentForm: true },
      { type: 'SET_GLOBAL_ERROR_MESSAGE', message: 'x' },
    ]);
    expect(initialSubscriptionState).toEqual(before);
  });

  it('throws on an unknown action', () => {
    const unknown = { type: 'NOT_AN_ACTION' } as unknown as SubscriptionAction;
    expect(() => subscriptionReducer(initialSubscriptionState, unknown)).toThrow('Unhandled action type: NOT_AN_ACTION');
  });
});
