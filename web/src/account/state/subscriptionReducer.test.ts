import { describe, expect, it } from 'vitest';
import type { RawPlan, Subscription } from '../../api/billing';
import {
  initialSubscriptionState,
  orderPlans,
  subscriptionReducer,
  type SubscriptionAction,
  type SubscriptionState,
} from './subscriptionReducer';
import { paymentMethod } from '../../test/paymentMethods';
import { rawPlan } from '../../test/plans';

function plan(id: string, frequency: 1 | 6 | 12, extra: Partial<RawPlan> = {}): RawPlan {
  return rawPlan(id, { frequency, ...extra });
}

const subscription: Subscription = {
  'subscription-state': 'active',
  'external-id': 'sub-1',
  id: 'sub-1',
  'blaize-product': { id: 'sports-membership' },
  ends: null,
  'next-billing-time': '2030-01-02T00:00:00Z',
  plan_id: 'sports-monthly',
  'transaction-history': [],
  paid_through_date: { date: '2030-01-01 00:00:00.000000', timezone_type: 3, timezone: 'UTC' },
  next_billing_date: { date: '2030-01-02 00:00:00.000000', timezone_type: 3, timezone: 'UTC' },
  plan: { amount: '4.99', id: 'sports-monthly', name: 'Sports Monthly' },
  trial: false,
};

const card = paymentMethod();

const reduce = (actions: SubscriptionAction[], from: SubscriptionState = initialSubscriptionState) => actions.reduce(subscriptionReducer, from);

describe('subscriptionReducer', () => {
  it('starts empty with the status NONE', () => {
    expect(initialSubscriptionState).toEqual({
      data: { activeSubscription: null, subscriptions: [], subscriptionsFetched: false, subscriptionStatus: 'NONE' },
      globalErrorMessage: null,
      globalSuccessMessage: null,
      loading: false,
      payflow: { selectedPlan: null, showPaymentForm: false },
      paymentMethodsData: { paymentMethods: [], methodsFetched: false },
      plans: {},
      availablePlans: [],
    });
  });

  it('sets the active subscription, status and subscriptions (marking them fetched)', () => {
    const next = reduce([
      { type: 'SET_ACTIVE_SUBSCRIPTION', activeSubscription: subscription },
      { type: 'SET_SUBSCRIPTION_STATUS', subscriptionStatus: 'Active' },
      { type: 'SET_SUBSCRIPTIONS', subscriptions: [subscription] },
    ]);
    expect(next.data).toEqual({ activeSubscription: subscription, subscriptions: [subscription], subscriptionsFetched: true, subscriptionStatus: 'Active' });
  });

  it('sets loading, plans and available plans', () => {
    const plans = { a: plan('a', 12), b: plan('b', 1) };
    const next = reduce([
      { type: 'SET_LOADING', loading: true },
      { type: 'SET_PLANS', plans },
      { type: 'SET_AVAILABLE_PLANS', availablePlans: orderPlans(plans) },
    ]);
    expect(next.loading).toBe(true);
    expect(next.plans).toBe(plans);
    expect(next.availablePlans.map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('keeps one global message at a time', () => {
    const withError = subscriptionReducer(initialSubscriptionState, { type: 'SET_GLOBAL_ERROR_MESSAGE', message: 'Declined' });
    expect(withError.globalErrorMessage).toBe('Declined');
    const withSuccess = subscriptionReducer(withError, { type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: 'Done' });
    expect(withSuccess).toMatchObject({ globalSuccessMessage: 'Done', globalErrorMessage: null });
    const cleared = subscriptionReducer(withSuccess, { type: 'SET_GLOBAL_SUCCESS_MESSAGE', message: null });
    expect(cleared).toMatchObject({ globalSuccessMessage: null, globalErrorMessage: null });
  });

  it('UPDATE_SUBSCRIPTIONS merges into the data', () => {
    const next = subscriptionReducer(initialSubscriptionState, {
      type: 'UPDATE_SUBSCRIPTIONS',
      data: { activeSubscription: subscription, subscriptionStatus: 'Cancelled_Active' },
    });
    expect(next.data).toEqual({ ...initialSubscriptionState.data, activeSubscription: subscription, subscriptionStatus: 'Cancelled_Active' });
  });

  it('sets payment methods with their fetched flag, and updates payment data', () => {
    const next = subscriptionReducer(initialSubscriptionState, { type: 'SET_PAYMENT_METHODS', paymentMethods: [card] });
    expect(next.paymentMethodsData).toEqual({ paymentMethods: [card], methodsFetched: true });
    expect(subscriptionReducer(next, { type: 'SET_METHODS_FETCHED', methodsFetched: false }).paymentMethodsData.methodsFetched).toBe(false);
    const updated = subscriptionReducer(next, { type: 'UPDATE_PAYMENT_DATA', paymentMethodsData: { paymentMethods: [] } });
    expect(updated.paymentMethodsData).toEqual({ paymentMethods: [], methodsFetched: true });
  });

  it('drives the payflow: selected plan and payment form', () => {
    const chosen = plan('sports-monthly', 1);
    const next = reduce([
      { type: 'SET_SELECTED_PLAN', selectedPlan: chosen },
      { type: 'SHOW_PAYMENT_FORM', showPaymentForm: true },
    ]);
    expect(next.payflow).toEqual({ selectedPlan: chosen, showPaymentForm: true });
  });

  it('UPDATE_SUBSCRIPTIONS_AND_PLANS sets both together', () => {
    const plans = { a: plan('a', 1) };
    const next = subscriptionReducer(initialSubscriptionState, { type: 'UPDATE_SUBSCRIPTIONS_AND_PLANS', data: { subscriptionStatus: 'Active' }, plans });
    expect(next.plans).toBe(plans);
    expect(next.data.subscriptionStatus).toBe('Active');
  });

  it('RESET_SUBSCRIPTION goes back to the start', () => {
    const busy = reduce([{ type: 'SET_PAYMENT_METHODS', paymentMethods: [card] }, { type: 'SET_LOADING', loading: true }]);
    expect(subscriptionReducer(busy, { type: 'RESET_SUBSCRIPTION' })).toEqual(initialSubscriptionState);
  });

  it('never mutates the state it is given', () => {
    const before = structuredClone(initialSubscriptionState);
    reduce([
      { type: 'SET_PAYMENT_METHODS', paymentMethods: [card] },
      { type: 'SET_SELECTED_PLAN', selectedPlan: plan('a', 1) },
      { type: 'UPDATE_SUBSCRIPTIONS', data: { subscriptionStatus: 'Active' } },
    ]);
    expect(initialSubscriptionState).toEqual(before);
  });

  it('throws on an unknown action', () => {
    const unknown = { type: 'NOT_AN_ACTION' } as unknown as SubscriptionAction;
    expect(() => subscriptionReducer(initialSubscriptionState, unknown)).toThrow('Unhandled action type: NOT_AN_ACTION');
  });
});
