/**
 * Client-side subscription state (spec section 3, "subscription") and the subscription
 * actions of spec section 4. TanStack Query fetches; this reducer is what screens read.
 * "Update referral data" belongs to the referral state (referrals/referralReducer.ts).
 */
import type { AccountStatus, PaymentMethod, RawPlan, Subscription } from '../../api/billing';

/** Spec: subscriptionStatus defaults to NONE until the server has answered. */
export type SubscriptionStatus = 'NONE' | AccountStatus;

export interface SubscriptionData {
  activeSubscription: Subscription | null;
  subscriptions: Subscription[];
  subscriptionsFetched: boolean;
  subscriptionStatus: SubscriptionStatus;
}

export interface PayflowState {
  selectedPlan: RawPlan | null;
  showPaymentForm: boolean;
}

export interface PaymentMethodsData {
  paymentMethods: PaymentMethod[];
  methodsFetched: boolean;
}

export interface SubscriptionState {
  data: SubscriptionData;
  globalErrorMessage: string | null;
  globalSuccessMessage: string | null;
  loading: boolean;
  payflow: PayflowState;
  paymentMethodsData: PaymentMethodsData;
  /** Keyed by plan id, as the server sends them. */
  plans: Record<string, RawPlan>;
  /** The plans offered to this reader, in display order. */
  availablePlans: RawPlan[];
}

export const initialSubscriptionState: SubscriptionState = {
  data: { activeSubscription: null, subscriptions: [], subscriptionsFetched: false, subscriptionStatus: 'NONE' },
  globalErrorMessage: null,
  globalSuccessMessage: null,
  loading: false,
  payflow: { selectedPlan: null, showPaymentForm: false },
  paymentMethodsData: { paymentMethods: [], methodsFetched: false },
  plans: {},
  availablePlans: [],
};

export type SubscriptionAction =
  | { type: 'SET_ACTIVE_SUBSCRIPTION'; activeSubscription: Subscription | null }
  | { type: 'SET_LOADING'; loading: boolean }
  | { type: 'SET_PLANS'; plans: Record<string, RawPlan> }
  | { type: 'SET_AVAILABLE_PLANS'; availablePlans: RawPlan[] }
  | { type: 'SET_SUBSCRIPTIONS'; subscriptions: Subscription[] }
  | { type: 'SET_SUBSCRIPTION_STATUS'; subscriptionStatus: SubscriptionStatus }
  | { type: 'SET_GLOBAL_SUCCESS_MESSAGE'; message: string | null }
  | { type: 'SET_GLOBAL_ERROR_MESSAGE'; message: string | null }
  | { type: 'UPDATE_SUBSCRIPTIONS'; data: Partial<SubscriptionData> }
  | { type: 'SET_PAYMENT_METHODS'; paymentMethods: PaymentMethod[] }
  | { type: 'SET_METHODS_FETCHED'; methodsFetched: boolean }
  | { type: 'SHOW_PAYMENT_FORM'; showPaymentForm: boolean }
  | { type: 'SET_SELECTED_PLAN'; selectedPlan: RawPlan | null }
  | { type: 'UPDATE_PAYMENT_DATA'; paymentMethodsData: Partial<PaymentMethodsData> }
  | { type: 'UPDATE_SUBSCRIPTIONS_AND_PLANS'; data: Partial<SubscriptionData>; plans: Record<string, RawPlan> }
  | { type: 'RESET_SUBSCRIPTION' };

/** The plans in display order: shortest interval first, then by id for a stable order. */
export function orderPlans(plans: Record<string, RawPlan>): RawPlan[] {
  return Object.values(plans).sort((a, b) => a.frequency - b.frequency || a.id.localeCompare(b.id));
}

export function subscriptionReducer(state: SubscriptionState, action: SubscriptionAction): SubscriptionState {
  switch (action.type) {
    case 'SET_ACTIVE_SUBSCRIPTION':
      return { ...state, data: { ...state.data, activeSubscription: action.activeSubscription } };
    case 'SET_LOADING':
      return { ...state, loading: action.loading };
    case 'SET_PLANS':
      return { ...state, plans: action.plans };
    case 'SET_AVAILABLE_PLANS':
      return { ...state, availablePlans: action.availablePlans };
    case 'SET_SUBSCRIPTIONS':
      return { ...state, data: { ...state.data, subscriptions: action.subscriptions, subscriptionsFetched: true } };
    case 'SET_SUBSCRIPTION_STATUS':
      return { ...state, data: { ...state.data, subscriptionStatus: action.subscriptionStatus } };
    case 'SET_GLOBAL_SUCCESS_MESSAGE':
      return { ...state, globalSuccessMessage: action.message, globalErrorMessage: action.message ? null : state.globalErrorMessage };
    case 'SET_GLOBAL_ERROR_MESSAGE':
      return { ...state, globalErrorMessage: action.message, globalSuccessMessage: action.message ? null : state.globalSuccessMessage };
    case 'UPDATE_SUBSCRIPTIONS':
      return { ...state, data: { ...state.data, ...action.data } };
    case 'SET_PAYMENT_METHODS':
      return { ...state, paymentMethodsData: { paymentMethods: action.paymentMethods, methodsFetched: true } };
    case 'SET_METHODS_FETCHED':
      return { ...state, paymentMethodsData: { ...state.paymentMethodsData, methodsFetched: action.methodsFetched } };
    case 'SHOW_PAYMENT_FORM':
      return { ...state, payflow: { ...state.payflow, showPaymentForm: action.showPaymentForm } };
    case 'SET_SELECTED_PLAN':
      return { ...state, payflow: { ...state.payflow, selectedPlan: action.selectedPlan } };
    case 'UPDATE_PAYMENT_DATA':
      return { ...state, paymentMethodsData: { ...state.paymentMethodsData, ...action.paymentMethodsData } };
    case 'UPDATE_SUBSCRIPTIONS_AND_PLANS':
      return { ...state, data: { ...state.data, ...action.data }, plans: action.plans };
    case 'RESET_SUBSCRIPTION':
      return initialSubscriptionState;
    default:
      throw new Error(`Unhandled action type: ${(action as { type?: unknown }).type}`);
  }
}
