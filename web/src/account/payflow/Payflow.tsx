/**
 * The payflow (/account/subscribe, /account/appsubscribe): plan subscription cards, then the
 * one-step checkout, then the subscriber thank-you screen.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../api/client';
import { subscribe, type RawPlan } from '../../api/billing';
import { identityKeys } from '../../api/queries';
import type { DataLayer } from '../../api/types';
import { Button } from '../../ui/Button';
import type { CardTokenizer, TokenizedCard } from '../../ui/CardForm';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { useSubscription } from '../membership/SubscriptionProvider';
import { useMembership, usePlans } from '../membership/billingData';
import type { WalletProvider } from '../paymentMethods/wallets';
import { useIdentity } from '../state/IdentityProvider';
import { useDataLayer } from '../state/identityData';
import { Confirmation } from './Confirmation';
import { readHandoff } from './handoff';
import { PlanCards } from './PlanCards';
import { PreparedCheckout } from './PreparedCheckout';
import { pushTrackingEvent } from '../../tracking';
import { SUBSCRIBE_ERROR } from '../../api/specTexts';
import { hasTrial } from './texts';
import { useAvailablePlans } from './useAvailablePlans';

/** Spec: subscribe errors show the server's text; anything without one, the generic sentence. */
export function subscribeErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.type !== 'unknown') return error.message;
  return SUBSCRIBE_ERROR;
}

export function Payflow({ tokenizer, wallets }: { tokenizer: CardTokenizer; wallets: WalletProvider }) {
  const queryClient = useQueryClient();
  const { config } = useIdentity();
  const { state, dispatch, refreshBilling } = useSubscription();
  const { plans, status: plansStatus, retry: retryPlans } = usePlans();
  const { membership } = useMembership();
  // The server decides which plans this reader sees, and in which order (available-plans).
  const availablePlans = useAvailablePlans();
  const [done, setDone] = useState<{ plan: RawPlan; trialStarted: boolean } | null>(null);
  const hadTrial = Boolean(useDataLayer().hadTrial);
  const { selectedPlanId, showPaymentForm } = state.payflow;
  // The chosen plan as offered (with the decision's options), else as the catalogue has it.
  const selectedPlan = selectedPlanId ? (availablePlans?.find((plan) => plan.id === selectedPlanId) ?? plans[selectedPlanId] ?? null) : null;
  // The plan a call to action offered and the story it was on (handoff.ts).
  const { search } = useLocation();
  const handoff = useMemo(() => readHandoff(search, config.allowedRedirectHosts), [search, config.allowedRedirectHosts]);
  const preselected = useRef(false);

  const choose = (plan: RawPlan) => {
    preselected.current = true;
    dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: null });
    dispatch({ type: 'SET_SELECTED_PLAN', selectedPlanId: plan.id });
    dispatch({ type: 'SHOW_PAYMENT_FORM', showPaymentForm: true });
  };

  // The checkout of the plan the reader chose on the story, once it is among the plans offered
  // to them (the catalogue and the decision arrive apart); until then, or if it never is, the
  // plan cards. Once only, and never after the reader chose for themselves.
  useEffect(() => {
    if (preselected.current || availablePlans === null || !handoff.planId) return;
    const plan = availablePlans.find((offered) => offered.id === handoff.planId);
    if (plan) choose(plan);
  }, [availablePlans, handoff.planId]);

  const changePlan = () => {
    dispatch({ type: 'SHOW_PAYMENT_FORM', showPaymentForm: false });
    dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: null });
  };

  const pay = async (card: TokenizedCard) => {
    if (!selectedPlan) return;
    dispatch({ type: 'SET_LOADING', loading: true });
    try {
      await subscribe({ paymentNonce: card.nonce, planId: selectedPlan.id, productId: selectedPlan.product_id || undefined, skipTrialPeriod: false });
    } catch (error) {
      dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: subscribeErrorMessage(error) });
      return;
    } finally {
      dispatch({ type: 'SET_LOADING', loading: false });
    }
    const trialStarted = hasTrial(selectedPlan) && !hadTrial;
    if (trialStarted) {
      pushTrackingEvent('freeTrialStarted', { planId: selectedPlan.id, planName: selectedPlan.name });
      // The data layer is fetched again below; until it answers, the trial counts as had.
      queryClient.setQueryData<DataLayer>(identityKeys.dataLayer, (dataLayer) => dataLayer && { ...dataLayer, hadTrial: true });
    }
    dispatch({ type: 'SHOW_PAYMENT_FORM', showPaymentForm: false });
    dispatch({ type: 'SET_SELECTED_PLAN', selectedPlanId: null });
    setDone({ plan: selectedPlan, trialStarted });
    void queryClient.invalidateQueries({ queryKey: identityKeys.dataLayer });
    void refreshBilling();
  };

  let body;
  if (done) {
    body = (
      <Confirmation
        plan={done.plan}
        trialStarted={done.trialStarted}
        subscription={membership?.isMember ? membership.activeSubscription : null}
        story={handoff.story}
      />
    );
  } else if (membership?.isMember) {
    body = (
      <section className="card" aria-labelledby="member-heading">
        <h2 id="member-heading">You are already a member</h2>
        <p>Your membership is active, so there is nothing to buy here.</p>
        <p>
          <Link to="/account/settings/membership">Manage your membership</Link>
        </p>
        {handoff.story && (
          <p>
            <a href={handoff.story}>Back to the story</a>
          </p>
        )}
      </section>
    );
  } else if (showPaymentForm && selectedPlan) {
    body = (
      <PreparedCheckout
        plan={selectedPlan}
        hadTrial={hadTrial}
        tokenizer={tokenizer}
        wallets={wallets}
        errorMessage={state.globalErrorMessage}
        onPay={pay}
        onSubmitStart={() => dispatch({ type: 'SET_GLOBAL_ERROR_MESSAGE', message: null })}
        onChangePlan={changePlan}
      />
    );
  } else if (plansStatus === 'pending' || availablePlans === null) {
    body = <Spinner label="Loading plans…" />;
  } else if (availablePlans.length === 0) {
    body = (
      <div className="card">
        <p>No membership plans are available right now.</p>
        {plansStatus === 'error' && (
          <Button variant="secondary" onClick={retryPlans}>
            Try again
          </Button>
        )}
      </div>
    );
  } else {
    body = <PlanCards plans={availablePlans} hadTrial={hadTrial} onChoose={choose} />;
  }

  const title = done ? 'Welcome to your membership' : showPaymentForm && selectedPlan ? 'Checkout' : 'Choose your plan';
  return (
    <div className={['page', 'payflow', !done && !showPaymentForm ? 'page--plans' : ''].filter(Boolean).join(' ')}>
      <PageHeading title={title}>{title}</PageHeading>
      {!done && !showPaymentForm && <p className="lead">Unlimited sports coverage, analysis and newsletters. Cancel any time.</p>}
      {body}
    </div>
  );
}
