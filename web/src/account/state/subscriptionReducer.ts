/**
 * Client-side subscription state: the payflow's selection and the membership pages' banners.
 * The plans, the reader's membership and payment methods are server state: TanStack Query
 * keeps them, read through membership/billingData.ts, never copied here.
 */
import type { RawPlan } from '../../api/billing';

export interface PayflowState {
  /** The id of the plan the reader chose; the plan itself is read from the plans query. */
  selectedPlanId: string | null;
  showPaymentForm: boolean;
}

export interface SubscriptionState {
  globalErrorMessage: string | null;
  globalSuccessMessage: string | null;
  /** A subscribe call is on its way. */
  loading: boolean;
  payflow: PayflowState;
}

export const initialSubscriptionState: SubscriptionState = {
  globalErrorMessage: null,
  globalSuccessMessage: null,
  loading: false,
  payflow: { selectedPlanId: null, showPaymentForm: false },
};

export type SubscriptionAction =
  | { type: 'SET_LOADING'; loading: boolean }
  | { type: 'SET_GLOBAL_SUCCESS_MESSAGE'; message: string | null }
  | { type: 'SET_GLOBAL_ERROR_MESSAGE'; message: string | null }
  | { type: 'SHOW_PAYMENT_FORM'; showPaymentForm: boolean }
  | { type: 'SET_SELECTED_PLAN'; selectedPlanId: string | null }
  | { type: 'RESET_SUBSCRIPTION' };

/** The plans in display order: shortest interval first, then by id for a stable order. */
export function orderPlans(plans: Record<string, RawPlan>): RawPlan[] {
  return Object.values(plans).sort((a, b) => a.frequency - b.frequency || a.id.localeCompare(b.id));
}

export function subscriptionReducer(state: SubscriptionState, action: SubscriptionAction): SubscriptionState {
  switch (action.type) {
    case 'SET_LOADING':
      return { ...state, loading: action.loading };
    case 'SET_GLOBAL_SUCCESS_MESSAGE':
      return { ...state, globalSuccessMessage: action.message, globalErrorMessage: action.message ? null : state.globalErrorMessage };
    case 'SET_GLOBAL_ERROR_MESSAGE':
      return { ...state, globalErrorMessage: action.message, globalSuccessMessage: action.message ? null : state.globalSuccessMessage };
    case 'SHOW_PAYMENT_FORM':
      return { ...state, payflow: { ...state.payflow, showPaymentForm: action.showPaymentForm } };
    case 'SET_SELECTED_PLAN':
      return { ...state, payflow: { ...state.payflow, selectedPlanId: action.selectedPlanId } };
    case 'RESET_SUBSCRIPTION':
      return initialSubscriptionState;
    default:
      throw new Error(`Unhandled action type: ${(action as { type?: unknown }).type}`);
  }
}
